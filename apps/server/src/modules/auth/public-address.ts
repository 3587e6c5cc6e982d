import { type AppConfig } from '../../infra/config/app-config';
import { type OptionsService } from '../options/options.service';

/** Where browsers reach the console (mail links, OAuth redirect addresses): ServerAddress, else this server. */
export function publicAddress(options: OptionsService, config: AppConfig): string {
  const configured = options.get('ServerAddress').trim().replace(/\/+$/, '');
  return configured || `http://localhost:${config.port}`;
}
