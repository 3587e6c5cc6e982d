import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { openDataSource } from './data-source';

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded SQLite file and brings the schema up to date at boot. */
@Global()
@Module({
  providers: [
    { provide: DataSource, useFactory: (config: AppConfig) => openDataSource(config), inject: [AppConfig] },
    DataSourceCloser,
  ],
  exports: [DataSource],
})
export class DatabaseModule {}
