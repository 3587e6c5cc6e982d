// The image's HEALTHCHECK: /readyz of this process. HTTP roles answer on PORT; a worker opens no public port
// and answers on HEALTH_PORT, without which it has no probe to ask (reported unhealthy, saying so).
const worker = process.env.APP_ROLE === 'worker';
const port = worker ? process.env.HEALTH_PORT : process.env.PORT || '3000';
if (!port) {
  console.error('APP_ROLE=worker answers probes only on HEALTH_PORT: set it');
  process.exit(1);
}
fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
