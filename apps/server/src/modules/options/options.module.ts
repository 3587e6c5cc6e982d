import { Module } from '@nestjs/common';
import { OptionsController } from './options.controller';
import { OptionsRepository } from './options.repository';
import { OptionsService } from './options.service';

@Module({
  controllers: [OptionsController],
  providers: [OptionsRepository, OptionsService],
  exports: [OptionsService],
})
export class OptionsModule {}
