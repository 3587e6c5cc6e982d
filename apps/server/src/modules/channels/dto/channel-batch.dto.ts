import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInt32 } from './is-int32';

// An empty or missing selection is answered by the service with the spec's message.
const MAX_SELECTION = 10_000;

export class ChannelIdsDto {
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_SELECTION) @IsInt32(1, { each: true }) ids?: number[];
}

export class ChannelBatchTagDto extends ChannelIdsDto {
  @IsOptional() @IsString() @MaxLength(255) tag?: string;
}
