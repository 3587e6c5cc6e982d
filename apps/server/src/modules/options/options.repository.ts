import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { OptionEntity } from './option.entity';
import { SetupEntity } from './setup.entity';

@Injectable()
export class OptionsRepository {
  private readonly options: Repository<OptionEntity>;
  private readonly setups: Repository<SetupEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.options = dataSource.getRepository(OptionEntity);
    this.setups = dataSource.getRepository(SetupEntity);
  }

  async findAll(): Promise<Map<string, string>> {
    const rows = await this.options.find();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async upsert(key: string, value: string): Promise<void> {
    await this.options.upsert({ key, value }, ['key']);
  }

  async setupRecorded(): Promise<boolean> {
    return (await this.setups.count()) > 0;
  }

  async recordSetup(version: string, at: number): Promise<void> {
    await this.setups.insert({ version, initializedAt: at });
  }
}
