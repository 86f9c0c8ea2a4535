import type { FileEntry } from '@erp/contract/modules/file';
import { CONFIRMATION_MAX_MATERIALS, type CONFIRMATION_MSG, CONFIRMATION_TEXT_MAX, hrCalls, type PersonCard } from '@erp/contract/modules/hr';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { useDictSelect } from '../../../components/resource';
import './confirmation-texts';

/** What the form holds: dates as dayjs and files as upload entries; mapped to the contract on submit. */
export interface ConfirmationValues {
  employeeId?: number;
  confirmType?: string;
  preConfirmateTime?: Dayjs;
  confirmateTime?: Dayjs;
  isReport?: string;
  isChangeGrade?: string;
  newGrade?: number | null;
  isChangeSalary?: string;
  newSalary?: number | null;
  assessModel?: string;
  opinion?: string;
  advantage?: string;
  improvePoint?: string;
  material?: FileEntry[];
  materials?: FileEntry[];
}

/**
 * The fields of spec 000 §5. `strict` turns the required rules on (start mode, and a request sent
 * back for correction); `readOnly` shows a record.
 */
export function ConfirmationFields({
  form,
  person,
  strict,
  readOnly,
}: {
  form: FormInstance<ConfirmationValues>;
  person: PersonCard | null;
  strict: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const msg = (key: keyof typeof CONFIRMATION_MSG) => t(`confirmation.msg.${key}`);
  const YES_NO = [
    { value: '001', label: t('confirmation.yes') },
    { value: '002', label: t('confirmation.no') },
  ];
  const confirmTypes = useDictSelect('CONFIRMTYPE', ['003']);
  const checkModels = useDictSelect('CHECKMODEL');
  const ranks = useQuery({
    queryKey: ['hr', 'ranks', person?.orgId],
    queryFn: () => api(hrCalls.positiveRankList, { orgId: person?.orgId ?? null }),
    enabled: !!person,
  });
  const isReport = Form.useWatch('isReport', form);
  const isChangeGrade = Form.useWatch('isChangeGrade', form);
  const isChangeSalary = Form.useWatch('isChangeSalary', form);
  const regular = person?.personCategory === '001';
  const outsourced = person?.outSource === '001';
  const req = (message: string) => [{ required: strict, message }];
  const textRules = (required: boolean, message: string) => [
    { required, whitespace: true, message },
    { max: CONFIRMATION_TEXT_MAX, message: msg('textMax') },
  ];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="confirmType" label={t('confirmation.confirmType')} rules={req(msg('confirmType'))}>
          <Select options={confirmTypes} disabled={readOnly} placeholder={msg('confirmType')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="assessModel" label={t('confirmation.assessModel')} rules={req(msg('assessModel'))}>
          <Select options={checkModels} disabled={readOnly} placeholder={msg('assessModel')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="preConfirmateTime" label={t('confirmation.preConfirmateTime')} rules={req(msg('preConfirmateTime'))}>
          <DatePicker style={{ width: '100%' }} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="confirmateTime" label={t('confirmation.confirmateTime')} rules={req(msg('confirmateTime'))}>
          <DatePicker style={{ width: '100%' }} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="isReport" label={t('confirmation.isReport')} rules={req(msg('isReport'))}>
          <Radio.Group options={YES_NO} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="isChangeGrade" label={t('confirmation.isChangeGrade')} rules={req(msg('isChangeGrade'))}>
          <Radio.Group
            options={YES_NO}
            disabled={readOnly}
            onChange={(e) => {
              // newGrade is cleared when the grade no longer changes (spec 000 §5)
              if (e.target.value === '002') form.setFieldValue('newGrade', null);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="isChangeSalary" label={t('confirmation.isChangeSalary')} rules={req(msg('isChangeSalary'))}>
          <Radio.Group
            options={YES_NO}
            disabled={readOnly}
            onChange={(e) => {
              if (e.target.value === '002') form.setFieldValue('newSalary', null);
            }}
          />
        </Form.Item>
      </Col>
      {isChangeGrade === '001' && (
        <Col xs={24} md={12}>
          <Form.Item name="newGrade" label={t('confirmation.newGrade')} rules={[{ required: strict, message: msg('newGrade') }]}>
            <Select
              options={(ranks.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              disabled={readOnly}
              placeholder={msg('newGrade')}
              data-testid="confirmation-new-grade"
            />
          </Form.Item>
        </Col>
      )}
      {isChangeSalary === '001' && (
        <Col xs={24} md={12}>
          <Form.Item name="newSalary" label={t('confirmation.newSalary')} rules={[{ required: strict, message: msg('newSalary') }]}>
            <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} disabled={readOnly} />
          </Form.Item>
        </Col>
      )}
      {(regular || !outsourced) && (
        <Col span={24}>
          <Form.Item name="opinion" label={t('confirmation.opinion')} rules={textRules(strict && regular, msg('opinion'))}>
            <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount disabled={readOnly} />
          </Form.Item>
        </Col>
      )}
      {outsourced && (
        <>
          <Col span={24}>
            <Form.Item name="advantage" label={t('confirmation.advantage')} rules={textRules(strict, msg('advantage'))}>
              <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="improvePoint" label={t('confirmation.improvePoint')} rules={textRules(strict, msg('improvePoint'))}>
              <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount disabled={readOnly} />
            </Form.Item>
          </Col>
        </>
      )}
      {isReport === '001' && (
        <>
          <Col xs={24} md={12}>
            <Form.Item
              name="material"
              label={t('confirmation.material')}
              rules={[
                { required: strict, type: 'array', min: 1, message: msg('material') },
                { type: 'array', max: 1, message: msg('materialOne') },
              ]}
            >
              <FileUpload maxCount={1} readOnly={readOnly} moduleName="hr" functionName="positive" deleteOnServer={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="materials" label={t('confirmation.materials')} rules={[{ required: strict, type: 'array', min: 1, message: msg('materials') }]}>
              <FileUpload maxCount={CONFIRMATION_MAX_MATERIALS} readOnly={readOnly} moduleName="hr" functionName="positive" deleteOnServer={false} />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
