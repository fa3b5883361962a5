import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  coverTemplateQuerySchema,
  coverTemplateSchema,
  type CoverTemplate,
  type CoverTemplateQuery,
} from '@mechabrim/contracts';
import { PAPER_TYPE_NAMES, READING_DIRECTIONS, TRIM_SIZE_NAMES } from '@mechabrim/print-specs';
import { ApiZodResponse, ZodQuery } from '../common/validation/zod-validation.pipe';
import { coverTemplate } from './cover-template';

/** Print figures authors need before they design their files. */
@ApiTags('print')
@Controller('print')
export class PrintController {
  @Get('cover-template')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({
    summary: 'The exact cover spread for a page count, trim size, paper and reading direction',
    description:
      'Width = 2 × trim width + spine + 2 × bleed (3 mm); the spine from the page count × the paper thickness. Right-to-left books have the front cover left of the spine.',
  })
  @ApiQuery({ name: 'pages', required: true, type: Number, example: 200 })
  @ApiQuery({ name: 'size', required: false, enum: TRIM_SIZE_NAMES })
  @ApiQuery({ name: 'paper', required: false, enum: PAPER_TYPE_NAMES })
  @ApiQuery({ name: 'direction', required: false, enum: READING_DIRECTIONS })
  @ApiZodResponse(coverTemplateSchema, { description: 'The spread in mm and points' })
  coverTemplate(@ZodQuery(coverTemplateQuerySchema) query: CoverTemplateQuery): CoverTemplate {
    return coverTemplate(query);
  }
}
