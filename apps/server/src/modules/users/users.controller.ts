import { Controller, Get } from '@nestjs/common';
import { type SelfUser } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { type Caller, CurrentCaller } from '../../common/decorators/auth.decorators';
import { toSelfUser } from './user.mapper';
import { UsersService } from './users.service';

@Controller('api/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('self')
  async self(@CurrentCaller() caller: Caller): Promise<SelfUser> {
    const user = await this.users.findActiveById(caller.id);
    if (!user) throw commonError('unauthenticated');
    return toSelfUser(user);
  }
}
