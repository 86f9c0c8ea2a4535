import { certificateCalls, type ProveVerified } from '@erp/contract/modules/certificate';
import { Alert, Card, Descriptions, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';

/** The public check of a certificate (no sign-in): the code printed on it, or the code of its QR link. */
export default function VerifyScreen() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [result, setResult] = useState<ProveVerified | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = async (value: string) => {
    setResult(null);
    setError(null);
    if (!value.trim()) return setError('请输入证明编号');
    try {
      setResult(await api(certificateCalls.proveVerify, { code: value.trim() }, { silent: true }));
    } catch (e) {
      setError(e instanceof Error ? e.message : '验证失败');
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the code of the link once
  useEffect(() => {
    if (params.get('code')) void check(params.get('code') as string);
  }, []);
  return (
    <div style={{ maxWidth: 560, margin: '64px auto', padding: 16 }}>
      <Card title="证明真伪验证">
        <Input.Search
          aria-label="证明验证码"
          placeholder="请输入证明上的验证码，如 ABCD-EFGH-JKLM-NPQR"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onSearch={check}
          enterButton="验证"
          maxLength={32}
        />
        {error && <Alert style={{ marginTop: 16 }} type="error" showIcon title={error} />}
        {result && (
          <>
            <Alert style={{ marginTop: 16 }} type={result.valid ? 'success' : 'warning'} showIcon title={result.message} />
            <Descriptions style={{ marginTop: 16 }} column={1} size="small">
              <Descriptions.Item label="证明编号">{result.documentNo}</Descriptions.Item>
              <Descriptions.Item label="证明类型">{result.certType === '002' ? '收入证明' : '在职证明'}</Descriptions.Item>
              <Descriptions.Item label="姓名">{result.nameMasked}</Descriptions.Item>
              <Descriptions.Item label="开具单位">{result.companyName}</Descriptions.Item>
              <Descriptions.Item label="开具日期">{result.issuedAt.slice(0, 10)}</Descriptions.Item>
              <Descriptions.Item label="有效期至">{result.validUntil}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Card>
    </div>
  );
}
