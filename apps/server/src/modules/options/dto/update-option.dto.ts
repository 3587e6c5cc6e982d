import { IsString, MaxLength } from 'class-validator';

export class UpdateOptionDto {
  @IsString()
  @MaxLength(100)
  key: string;

  // Large JSON maps (model ratios) are legitimate; 1 MB bounds a runaway paste.
  @IsString()
  @MaxLength(1_000_000)
  value: string;
}
