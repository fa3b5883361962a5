import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountMailer } from './account-mailer';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangesService } from './email-changes.service';
import { EmailVerificationService } from './email-verification.service';
import { JwtAuthGuard, OptionalJwtAuthGuard, RolesGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { LoginBackoff } from './login-backoff';
import { AccountController } from './account.controller';
import { passwordHasherProvider } from './password-hasher';
import { PasswordsService } from './passwords.service';
import { SessionsService } from './sessions.service';

/**
 * Accounts and bearer tokens. Other modules protect routes with `@Authenticated()` /
 * `@Authenticated('author')` from `auth/guards` and read the user with `@CurrentUser()`; they
 * need not import this module (the strategy is registered with passport once, here).
 */
@Module({
  imports: [
    MongooseModule.forFeature([...CATALOGUE_MODELS]),
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    PassportModule,
    JwtModule.registerAsync({
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => ({
        secret: config.jwt.secret,
        signOptions: {
          algorithm: 'HS256',
          expiresIn: /^\d+$/.test(config.jwt.expiresIn)
            ? Number(config.jwt.expiresIn)
            : (config.jwt.expiresIn as `${number}d`),
        },
      }),
    }),
  ],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    LoginBackoff,
    passwordHasherProvider,
    PasswordsService,
    AccountDeletionService,
    AccountMailer,
    EmailChangesService,
    EmailVerificationService,
    SessionsService,
    JwtStrategy,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    RolesGuard,
  ],
  exports: [AuthService, SessionsService, JwtModule],
})
export class AuthModule {}
