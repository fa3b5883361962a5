import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';

@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [ContactsController],
  providers: [ContactsService],
})
export class ContactsModule {}
