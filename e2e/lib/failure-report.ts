/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { SCREENSHOT_DIR, livePages } from './browser';

const TEXT_LIMIT = 400;
const ERROR_LIMIT = 1_500;

/**
 * When a browser test fails, what each open page showed then: its address, open dialogs and
 * toasts (printed, so a CI log explains a failure no one can re-run) and a picture in
 * screenshots/failures/.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const folder = path.join(SCREENSHOT_DIR, 'failures');
    fs.mkdirSync(folder, { recursive: true });
    const slug = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    // A test that passes on its retry shows no error of its first run: print it here.
    for (const error of task.result?.errors ?? [])
      console.error(`[failure report] ${String(error.message).slice(0, ERROR_LIMIT)}`);
    let index = 0;
    for (const page of livePages) {
      index += 1;
      try {
        const shown = await page.evaluate((limit) => {
          const texts = (selector: string) =>
            Array.from(document.querySelectorAll<HTMLElement>(selector))
              .filter((element) => element.offsetParent !== null || element.getClientRects().length > 0)
              .map((element) => element.innerText.replace(/\s+/g, ' ').slice(0, limit));
          return {
            dialogs: texts('[role="dialog"]'),
            toasts: texts('.ant-notification-notice, .ant-message-notice'),
            disabled: Array.from(document.querySelectorAll<HTMLElement>('button[disabled][data-testid]')).map(
              (element) => element.dataset.testid,
            ),
          };
        }, TEXT_LIMIT);
        // Printed before the picture is taken: on a loaded machine the picture may time out.
        console.error(`[failure report] page ${index} ${page.url()}\n${JSON.stringify(shown, null, 1)}`);
        await page.screenshot({ path: path.join(folder, `${slug}-${index}.png`), timeout: 5_000 });
      } catch (error) {
        console.error(`[failure report] page ${index}: ${String(error)}`);
      }
    }
  });
});
