import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { OptionEntity } from './option.entity';

@Injectable()
export class OptionsRepository {
  private readonly options: Repository<OptionEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.options = dataSource.getRepository(OptionEntity);
  }

  async findAll(): Promise<Map<string, string>> {
    const rows = await this.options.find();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async upsert(key: string, value: string): Promise<void> {
    await this.options.upsert({ key, value }, ['key']);
  }
}
