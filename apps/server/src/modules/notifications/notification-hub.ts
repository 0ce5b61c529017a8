/**
 * The open notification streams of this process, by user. Fed by LISTEN on the notification
 * channel, so a notification written by any process reaches every stream of its user.
 */
export type StreamWriter = (event: string, data: unknown) => void;

export class NotificationHub {
  private readonly streams = new Map<number, Set<StreamWriter>>();

  subscribe(userId: number, writer: StreamWriter): () => void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(writer);
    return () => {
      set.delete(writer);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  /** Handles one NOTIFY payload: `{ user_id, notification }`. Bad payloads are ignored. */
  dispatch(payload: string): void {
    let message: { user_id?: number; notification?: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message.user_id !== 'number') return;
    for (const writer of this.streams.get(message.user_id) ?? [])
      writer('notification', message.notification);
  }

  get size(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }
}
