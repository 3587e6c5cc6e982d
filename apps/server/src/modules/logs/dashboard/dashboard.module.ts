import { Module } from '@nestjs/common';
import { OptionsModule } from '../../options/options.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { QuotaDataRecorder } from './quota-data-recorder';
import { QuotaDataRepository } from './quota-data.repository';

/**
 * The data dashboard (reference §10 quota_data): hourly buckets written by QuotaDataRecorder, which billing
 * feeds with the consumption rows it stores, and read by GET /api/data/ and /api/data/self.
 */
@Module({
  imports: [OptionsModule],
  controllers: [DashboardController],
  providers: [QuotaDataRepository, QuotaDataRecorder, DashboardService],
  exports: [QuotaDataRecorder],
})
export class DashboardModule {}
