import { Controller, Get } from '@nestjs/common';
import { type QueueStatus, Role } from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { QueueStatusReader } from './queue-status';

/**
 * The queues' health for administrators, in the envelope (the console polls it to warn that jobs wait for a
 * worker); /readyz next door is the load balancers' plain answer about this process.
 */
@Controller('api/status')
@Roles(Role.Admin)
export class QueueStatusController {
  constructor(private readonly reader: QueueStatusReader) {}

  @Get('queues')
  queues(): Promise<QueueStatus[]> {
    return this.reader.list();
  }
}
