import { Global, Module } from '@nestjs/common';
import { GatewayMetrics } from './gateway-metrics';
import { MetricsServer } from './metrics-server';

/** Prometheus metrics: every module records into GatewayMetrics; MetricsServer serves them off the public port. */
@Global()
@Module({
  providers: [GatewayMetrics, MetricsServer],
  exports: [GatewayMetrics],
})
export class MetricsModule {}
