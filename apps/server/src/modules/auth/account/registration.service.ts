import { Injectable } from '@nestjs/common';
import { type RegisterRequest } from '@tollgate/contracts';
import { OptionsService } from '../../options/options.service';
import { UsersService } from '../../users/users.service';
import { accountError } from './account.errors';
import { cleanEmail } from './email-rules';
import { EmailVerificationService } from './email-verification.service';

/** Password sign-up (reference §8.2): switches, email code, then the users module creates the account. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly verification: EmailVerificationService,
  ) {}

  async register(input: RegisterRequest): Promise<void> {
    if (!this.options.getBoolean('RegisterEnabled')) throw accountError('register_disabled');
    if (!this.options.getBoolean('PasswordRegisterEnabled')) throw accountError('password_register_disabled');
    if (!input.username.trim() || !input.password) throw accountError('register_fields_required');
    // Without verification an address is unproven, so it is not stored (reference §8.2).
    if (!this.options.getBoolean('EmailVerificationEnabled')) {
      await this.create(input);
      return;
    }
    const email = cleanEmail(input.email);
    const code = input.verification_code?.trim() ?? '';
    if (!email || !code) throw accountError('email_verification_required');
    this.verification.checkEmail(email);
    await this.verification.consumeCode(email, code);
    try {
      await this.create(input, email);
    } catch (error) {
      await this.verification.restoreCode(email, code);
      throw error;
    }
  }

  private async create(input: RegisterRequest, email?: string): Promise<void> {
    await this.users.register({
      username: input.username,
      password: input.password,
      email,
      affCode: input.aff_code?.trim() || undefined,
    });
  }
}
