import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Bucket, BucketKeyCreated } from '@portal/shared';
import { CopyableCode, CopyableText } from '../../components/copy-button';
import { SecretOnceDialog } from '../../components/dialogs/secret-once-dialog';

/** What an S3 client needs, as the AWS CLI takes it. */
function cliExample(bucket: Bucket, key: BucketKeyCreated): string {
  return [
    `export AWS_ACCESS_KEY_ID=${key.accessKeyId}`,
    `export AWS_SECRET_ACCESS_KEY=${key.secretAccessKey}`,
    `export AWS_DEFAULT_REGION=${bucket.region}`,
    `aws s3 ls s3://${bucket.s3Name}/ --endpoint-url ${bucket.endpoint}`,
  ].join('\n');
}

/** The same for the AWS SDK for JavaScript: path-style, since the endpoint serves it. */
function sdkExample(bucket: Bucket): string {
  return [
    `const s3 = new S3Client({`,
    `  endpoint: '${bucket.endpoint}',`,
    `  region: '${bucket.region}',`,
    `  forcePathStyle: true,`,
    `  credentials: { accessKeyId, secretAccessKey },`,
    `});`,
    `await s3.send(new GetObjectCommand({ Bucket: '${bucket.s3Name}', Key: 'photos/cat.jpg' }));`,
  ].join('\n');
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The new key's secret, shown this once (the portal keeps it sealed and never answers it again),
 * with copy buttons, the endpoint and region, and how an S3 client uses them.
 */
export function BucketKeySecretDialog({
  bucket,
  created,
  onClose,
}: {
  bucket: Bucket;
  created: BucketKeyCreated;
  onClose: () => void;
}) {
  const { t } = useTranslation('bucket');
  return (
    <SecretOnceDialog
      testId="bucket-key-secret"
      title={t('keys.secretTitle', { name: created.name })}
      warning={t('keys.secretOnce')}
      doneLabel={t('keys.secretSaved')}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        {[
          { label: t('keys.accessKeyId'), text: created.accessKeyId, testId: 'bucket-key-access-id' },
          { label: t('keys.secretAccessKey'), text: created.secretAccessKey, testId: 'bucket-key-secret' },
          { label: t('fields.endpoint'), text: bucket.endpoint },
        ].map(({ label, text, testId }) => (
          <Row key={label} label={label}>
            <CopyableText text={text} label={label} testId={testId} />
          </Row>
        ))}
        <Row label={t('fields.region')}>
          <code style={{ fontSize: 13 }}>{bucket.region}</code>
        </Row>
      </Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('keys.cliExample')}
      </Typography>
      <CopyableCode text={cliExample(bucket, created)} label={t('keys.cliExample')} testId="bucket-key-cli" />
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
        {t('keys.sdkExample')}
      </Typography>
      <CopyableCode text={sdkExample(bucket)} label={t('keys.sdkExample')} testId="bucket-key-sdk" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('keys.pathStyleNote')}
      </Typography>
    </SecretOnceDialog>
  );
}
