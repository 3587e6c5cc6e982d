import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { IsId, Omittable } from '../../../common/validation/validation.decorators';

// An empty or missing selection is answered by the service with the spec's message.
const MAX_SELECTION = 10_000;

export class ChannelIdsDto {
  @Omittable() @IsArray() @ArrayMaxSize(MAX_SELECTION) @IsId({ each: true }) ids?: number[];
}

export class ChannelBatchTagDto extends ChannelIdsDto {
  @Omittable() @IsString() @MaxLength(255) tag?: string;
}
