import { Alert, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import type { SignerAddress } from '../api/types';

/** The top of a verification dialog: how this family proves an address, and which address it is. */
export function SignerToVerify({ signer, hint }: { signer: SignerAddress; hint: string }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {hint}
      </Typography.Paragraph>
      <Alert
        type="info"
        message={
          <span>
            {signer.name}: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signer.address}</span>
          </span>
        }
      />
    </>
  );
}
