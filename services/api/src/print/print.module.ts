import { Module } from '@nestjs/common';
import { PrintController } from './print.controller';

/** Print geometry for authors (cover template). */
@Module({ controllers: [PrintController] })
export class PrintModule {}
