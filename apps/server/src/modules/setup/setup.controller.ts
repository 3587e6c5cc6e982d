import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { type SetupStatus } from '@tollgate/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { SetupDto } from './dto/setup.dto';
import { SetupService } from './setup.service';

@Controller('api/setup')
@Public()
export class SetupController {
  constructor(private readonly setup: SetupService) {}

  @Get()
  status(): Promise<SetupStatus> {
    return this.setup.status();
  }

  @Post()
  @HttpCode(200)
  async complete(@Body() body: SetupDto): Promise<void> {
    await this.setup.complete(body);
  }
}
