import { COMMUNITY_FUND_HE, PAYOUT_VALIDATION_HE } from '@mechabrim/contracts';
import { projectFormValues, projectRequestOf } from './project-form-values';

const typed = {
  ...projectFormValues(null),
  name: 'ספרייה קהילתית',
  target: '50,000',
  status: 'active' as const,
  accountHolder: 'עמותת קוראים',
  bankCode: '12',
  branch: '571',
  account: '41116',
  taxId: '000000018',
};

describe('the community project form', () => {
  it('sends the fields typed, the target in shekels and the transfer details', () => {
    expect(projectRequestOf(typed).body).toEqual({
      name: 'ספרייה קהילתית',
      description: '',
      target: 50_000,
      status: 'active',
      bank: {
        accountHolder: 'עמותת קוראים',
        bankCode: '12',
        branch: '571',
        account: '41116',
        taxId: '000000018',
      },
    });
  });

  it('leaves the stored details out when no account number is typed again', () => {
    const answer = projectRequestOf({ ...typed, status: 'setting-up', account: '' });
    expect(answer.body).not.toHaveProperty('bank');
  });

  it("shows the API's Hebrew messages by field", () => {
    const answer = projectRequestOf({ ...typed, name: '', target: 'abc', taxId: '12' });
    expect(answer.errors).toMatchObject({
      name: COMMUNITY_FUND_HE.nameRequired,
      target: COMMUNITY_FUND_HE.targetRequired,
      taxId: PAYOUT_VALIDATION_HE.taxIdFormat,
    });
  });
});
