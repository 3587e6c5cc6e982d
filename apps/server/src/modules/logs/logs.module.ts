import { Module } from '@nestjs/common';
import { LogsRepository } from './logs.repository';
import { LogsService } from './logs.service';

@Module({
  providers: [LogsRepository, LogsService],
  exports: [LogsService],
})
export class LogsModule {}
