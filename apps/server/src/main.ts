import { ConfigError, loadConfig } from './config';

/** `npm start`: the API, the web app and (on the embedded defaults) the local chains on one port. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The local chains are child processes: start them first, while this process loads its code.
  const chainsStarting = config.DEVNET
    ? import('./local-chains').then((m) => m.startLocalChains(config))
    : Promise.resolve(null);
  const { startServer } = await import('./boot');
  const server = await startServer(config, chainsStarting);
  server.app.log.info(`Keystead is ready at ${server.url}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Keystead failed to start:', error);
  process.exit(1);
});
