import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/decorators/auth.decorators';
import { StatusService } from './status.service';

/**
 * The root's texts for visitors (reference §11 names): each answers the option's value as `data`, empty when
 * unset. The console renders them as Markdown, or frames a value that is an http(s) address.
 */
@Controller('api')
@Public()
export class SiteContentController {
  constructor(private readonly status: StatusService) {}

  @Get('notice')
  notice(): string {
    return this.status.siteText('Notice');
  }

  @Get('home_page_content')
  homePageContent(): string {
    return this.status.siteText('HomePageContent');
  }

  @Get('about')
  about(): string {
    return this.status.siteText('About');
  }
}
