import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { LogRetentionJob } from './log-retention.job';
import { LogsController } from './logs.controller';
import { LogsRepository } from './logs.repository';
import { LogsService } from './logs.service';

@Module({
  imports: [OptionsModule],
  controllers: [LogsController],
  providers: [LogsRepository, LogsService, LogRetentionJob],
  exports: [LogsService],
})
export class LogsModule {}
