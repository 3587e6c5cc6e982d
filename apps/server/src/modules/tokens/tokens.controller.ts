import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type Page, type Token } from '@tollgate/contracts';
import { type Caller, CurrentCaller } from '../../common/decorators/auth.decorators';
import { toPage } from '../../common/http/pagination';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { CreateTokenDto } from './dto/create-token.dto';
import { StatusOnlyQueryDto, TokenListQueryDto, TokenSearchQueryDto, tokenPage } from './dto/token-query.dto';
import { UpdateTokenDto } from './dto/update-token.dto';
import { toToken } from './tokens.mapper';
import { TokensService } from './tokens.service';

/** Every signed-in user manages their own tokens here; nobody sees anyone else's. */
@Controller('api/token')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  async list(@CurrentCaller() caller: Caller, @Query() query: TokenListQueryDto): Promise<Page<Token>> {
    const page = tokenPage(query);
    const { items, total } = await this.tokens.listPage(caller.id, page);
    return toPage(items.map(toToken), total, page);
  }

  @Get('search')
  async search(@CurrentCaller() caller: Caller, @Query() query: TokenSearchQueryDto): Promise<Page<Token>> {
    const page = tokenPage(query);
    const { items, total } = await this.tokens.search(caller.id, query, page);
    return toPage(items.map(toToken), total, page);
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param() params: IdParamDto): Promise<Token> {
    return toToken(await this.tokens.get(caller.id, params.id));
  }

  @Post()
  @HttpCode(200)
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateTokenDto): Promise<Token[]> {
    return (await this.tokens.create(caller.id, body)).map(toToken);
  }

  /** Full edit, or `?status_only=true` with {id, status} to enable/disable. */
  @Put()
  async update(
    @CurrentCaller() caller: Caller,
    @Query() query: StatusOnlyQueryDto,
    @Body() body: UpdateTokenDto,
  ): Promise<Token> {
    const updated =
      query.status_only === 'true'
        ? await this.tokens.setStatus(caller.id, body.id, body.status)
        : await this.tokens.update(caller.id, body.id, body);
    return toToken(updated);
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param() params: IdParamDto): Promise<void> {
    await this.tokens.remove(caller.id, params.id);
  }
}
