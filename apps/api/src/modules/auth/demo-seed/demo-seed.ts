import type { Database, Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import type { Env } from '../../../env.ts';
import type { Logger } from '../../../lib/logger.ts';
import { createSupplierOrganization, ORGANIZATION_TYPE_LABELS } from '../../../lib/identity/supplier-organizations.ts';
import { hashPassword } from '../../../lib/identity/passwords.ts';

/** Demo sign-ins created on first start (DEMO_SEED). Both use the Email method: codes arrive in the outbox. */
export const DEMO_ACCOUNTS = {
  customerAdmin: {
    email: 'admin@nordwind-shipping.example',
    password: 'Harbour-Demo-2025!',
    firstName: 'Astrid',
    lastName: 'Nordahl',
    organizationName: 'Nordwind Shipping',
    role: 'organization_admin',
  },
  supplierUser: {
    email: 'supplier@baltic-marine.example',
    password: 'Anchor-Demo-2025!',
    firstName: 'Jonas',
    lastName: 'Berg',
    organizationName: 'Baltic Marine Services',
    role: 'supplier_contributor',
  },
} as const;

type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];

const addAccount = async (db: Executor, organizationId: string, account: DemoAccount) => {
  const [user] = await db
    .insert(users)
    .values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      mfaMethod: 'Email',
      mfaEnabled: true,
      registeredAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('demo user insert returned nothing');
  await db.insert(organizationUsers).values({ userId: user.id, organizationId, firstName: account.firstName, lastName: account.lastName });
};

/**
 * On the first start with an empty database (no organizations) and DEMO_SEED on: a customer with
 * its administrator and a supplier with one user, linked by an active relationship. Logs the
 * sign-ins so a newcomer can try the product at once.
 */
export const runDemoSeed = async ({ env, db, logger }: { env: Pick<Env, 'DEMO_SEED' | 'APP_URL'>; db: Database; logger: Logger }) => {
  if (!env.DEMO_SEED) return;
  const existing = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(organizations)
      .values({
        name: DEMO_ACCOUNTS.customerAdmin.organizationName,
        organizationType: 'customer',
        organizationTypeLabel: ORGANIZATION_TYPE_LABELS.customer,
        registrationStatus: 'registered',
        industry: 'shipping',
        companySize: '201-500',
        location: 'Copenhagen, Denmark',
      })
      .returning({ id: organizations.id });
    if (!customer) throw new Error('demo organization insert returned nothing');
    const supplier = await createSupplierOrganization(tx, {
      name: DEMO_ACCOUNTS.supplierUser.organizationName,
      customerOrganizationId: customer.id,
      status: 'active',
    });
    await addAccount(tx, customer.id, DEMO_ACCOUNTS.customerAdmin);
    await addAccount(tx, supplier.id, DEMO_ACCOUNTS.supplierUser);
  });
  // Demo passwords are public (README); printing them is the point of the demo data.
  logger.info(
    [
      'Demo data created. Sign in at',
      `${env.APP_URL}/auth/login with`,
      `${DEMO_ACCOUNTS.customerAdmin.email} / ${DEMO_ACCOUNTS.customerAdmin.password} (customer administrator) or`,
      `${DEMO_ACCOUNTS.supplierUser.email} / ${DEMO_ACCOUNTS.supplierUser.password} (supplier);`,
      `the email codes arrive in the outbox at ${env.APP_URL}/dev/outbox unless SMTP_URL is set.`,
    ].join(' '),
  );
};
