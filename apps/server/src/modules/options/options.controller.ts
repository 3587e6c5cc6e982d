import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { type OptionListEntry, Role } from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { UpdateOptionDto } from './dto/update-option.dto';
import { OptionsService } from './options.service';

/** System options belong to administrators (spec 001 §6: option management is administrator only). */
@Controller('api/option')
@Roles(Role.Admin)
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  list(): OptionListEntry[] {
    return this.options.listForAdmin();
  }

  @Put()
  async update(@Body() body: UpdateOptionDto): Promise<void> {
    await this.options.update(body.key, body.value);
  }

  @Post('rest_model_ratio')
  @HttpCode(200)
  async resetModelRatio(): Promise<void> {
    await this.options.resetToDefault('ModelRatio');
  }
}
