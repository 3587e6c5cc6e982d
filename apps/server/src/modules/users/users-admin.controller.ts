import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type AdminUser, type Page, Role, type UserManageResult } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { PageQueryDto } from '../../common/http/pagination';
import { localeFrom } from '../../common/i18n/locale';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { CreateUserDto, ManageUserDto, UpdateUserDto, UserSearchQueryDto } from './dto/user-admin.dto';
import { type UserEntity } from './user.entity';
import { toAdminUser } from './user.mapper';
import { UserAdminService } from './user-admin.service';

const toAdminPage = (page: Page<UserEntity>): Page<AdminUser> => ({
  ...page,
  items: page.items.map(toAdminUser),
});

/** User management (spec 000 §2): administrators only; per-target role rules live in the service. */
@Controller('api/user')
@Roles(Role.Admin)
export class UsersAdminController {
  constructor(private readonly admin: UserAdminService) {}

  @Get()
  async list(@Query() query: PageQueryDto): Promise<Page<AdminUser>> {
    return toAdminPage(await this.admin.list(query, {}));
  }

  @Get('search')
  async search(@Query() query: UserSearchQueryDto): Promise<Page<AdminUser>> {
    const filter = { keyword: query.keyword?.trim(), group: query.group?.trim() };
    return toAdminPage(await this.admin.list(query, filter));
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param() params: IdParamDto): Promise<AdminUser> {
    return toAdminUser(await this.admin.get(caller, params.id));
  }

  @Post()
  @HttpCode(200)
  async create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateUserDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<AdminUser> {
    return toAdminUser(await this.admin.create(caller, body, localeFrom(acceptLanguage)));
  }

  @Put()
  async update(
    @CurrentCaller() caller: Caller,
    @Body() body: UpdateUserDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<AdminUser> {
    return toAdminUser(await this.admin.update(caller, body, localeFrom(acceptLanguage)));
  }

  @Post('manage')
  @HttpCode(200)
  manage(@CurrentCaller() caller: Caller, @Body() body: ManageUserDto): Promise<UserManageResult> {
    return this.admin.manage(caller, body.id, body.action);
  }
}
