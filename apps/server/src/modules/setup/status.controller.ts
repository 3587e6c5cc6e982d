import { Controller, Get } from '@nestjs/common';
import { type StatusObject } from '@tollgate/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { StatusService } from './status.service';

@Controller('api/status')
@Public()
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @Get()
  get(): StatusObject {
    return this.status.status();
  }
}
