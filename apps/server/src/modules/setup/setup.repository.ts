import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { SetupEntity } from './setup.entity';

@Injectable()
export class SetupRepository {
  private readonly setups: Repository<SetupEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.setups = dataSource.getRepository(SetupEntity);
  }

  async setupRecorded(): Promise<boolean> {
    return (await this.setups.count()) > 0;
  }

  async recordSetup(version: string, at: number): Promise<void> {
    await this.setups.insert({ version, initializedAt: at });
  }
}
