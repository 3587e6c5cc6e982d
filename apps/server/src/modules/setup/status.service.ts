import { Injectable } from '@nestjs/common';
import { type StatusObject } from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { OptionsService } from '../options/options.service';
import { onlineTopUpReady } from '../payments/epay-config';
import { SetupService } from './setup.service';

const startedAt = Math.floor(Date.now() / 1000);

/** Texts the root writes for every visitor; public by nature, so served as they are stored. */
export type SiteTextKey = 'Notice' | 'HomePageContent' | 'About';

/** The public status object: everything the console needs before anyone signs in, and no secret. */
@Injectable()
export class StatusService {
  constructor(
    private readonly config: AppConfig,
    private readonly options: OptionsService,
    private readonly setup: SetupService,
  ) {}

  siteText(key: SiteTextKey): string {
    return this.options.get(key);
  }

  status(): StatusObject {
    const o = this.options;
    const text = (key: Parameters<OptionsService['get']>[0]) => o.get(key);
    const flag = (key: Parameters<OptionsService['get']>[0]) => o.getBoolean(key);
    return {
      system_name: text('SystemName'),
      logo: text('Logo'),
      footer_html: text('Footer'),
      quota_per_unit: o.getNumber('QuotaPerUnit'),
      display_in_currency: flag('DisplayInCurrencyEnabled'),
      enable_drawing: flag('DrawingEnabled'),
      enable_task: flag('TaskEnabled'),
      enable_data_export: flag('DataExportEnabled'),
      chats: o.getJson<Array<Record<string, string>>>('Chats'),
      data_export_default_time: text('DataExportDefaultTime'),
      default_collapse_sidebar: flag('DefaultCollapseSidebar'),
      mj_notify_enabled: flag('MjNotifyEnabled'),
      docs_link: text('general_setting.docs_link'),
      aff_enabled: flag('AffEnabled'),
      check_in_enabled: flag('CheckInEnabled'),
      turnstile_check: flag('TurnstileCheckEnabled'),
      turnstile_site_key: text('TurnstileSiteKey'),
      email_verification: flag('EmailVerificationEnabled'),
      github_oauth: flag('GitHubOAuthEnabled'),
      github_client_id: text('GitHubClientId'),
      oidc_enabled: flag('oidc.enabled'),
      oidc_client_id: text('oidc.client_id'),
      oidc_authorization_endpoint: text('oidc.authorization_endpoint'),
      wechat_login: flag('WeChatAuthEnabled'),
      wechat_qrcode: text('WeChatAccountQRCodeImageURL'),
      telegram_oauth: flag('TelegramOAuthEnabled'),
      telegram_bot_name: text('TelegramBotName'),
      linuxdo_oauth: flag('LinuxDOOAuthEnabled'),
      linuxdo_client_id: text('LinuxDOClientId'),
      version: this.config.version,
      start_time: startedAt,
      top_up_link: text('TopUpLink'),
      min_topup: o.getNumber('MinTopUp'),
      price: o.getNumber('Price'),
      // Only when a payment can really be taken: the gateway, the merchant id and key, and our callback address.
      enable_online_topup: onlineTopUpReady(text),
      server_address: text('ServerAddress') || `http://localhost:${this.config.port}`,
      self_use_mode_enabled: flag('SelfUseModeEnabled'),
      demo_site_enabled: flag('DemoSiteEnabled'),
      setup: this.setup.isDone(),
    };
  }
}
