import { baseCalls } from '@erp/contract/modules/base';
import type { FileEntry } from '@erp/contract/modules/file';
import { CONFIRMATION_MAX_MATERIALS, CONFIRMATION_MSG, CONFIRMATION_TEXT_MAX, hrCalls, type PersonCard } from '@erp/contract/modules/hr';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';

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

const YES_NO = [
  { value: '001', label: '是' },
  { value: '002', label: '否' },
];

function useDict(codeType: string, exclude: string[] = []) {
  return useQuery({
    queryKey: ['dict', codeType],
    queryFn: () => api(baseCalls.getDict, { codeType }),
    staleTime: 300_000,
    select: (d) => d.dictOutDtos.filter((o) => !exclude.includes(o.code)).map((o) => ({ value: o.code, label: o.codeName })),
  });
}

const textRules = (required: boolean, message: string) => [
  { required, whitespace: true, message },
  { max: CONFIRMATION_TEXT_MAX, message: CONFIRMATION_MSG.textMax },
];

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
  const confirmTypes = useDict('CONFIRMTYPE', ['003']);
  const checkModels = useDict('CHECKMODEL');
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
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="confirmType" label="转正类型" rules={req(CONFIRMATION_MSG.confirmType)}>
          <Select options={confirmTypes.data ?? []} disabled={readOnly} placeholder={CONFIRMATION_MSG.confirmType} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="assessModel" label="考核方式" rules={req(CONFIRMATION_MSG.assessModel)}>
          <Select options={checkModels.data ?? []} disabled={readOnly} placeholder={CONFIRMATION_MSG.assessModel} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="preConfirmateTime" label="预计转正日期" rules={req(CONFIRMATION_MSG.preConfirmateTime)}>
          <DatePicker style={{ width: '100%' }} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="confirmateTime" label="实际转正日期" rules={req(CONFIRMATION_MSG.confirmateTime)}>
          <DatePicker style={{ width: '100%' }} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="isReport" label="是否述职" rules={req(CONFIRMATION_MSG.isReport)}>
          <Radio.Group options={YES_NO} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="isChangeGrade" label="职级是否调整" rules={req(CONFIRMATION_MSG.isChangeGrade)}>
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
        <Form.Item name="isChangeSalary" label="薪资是否调整" rules={req(CONFIRMATION_MSG.isChangeSalary)}>
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
          <Form.Item name="newGrade" label="调整后职级" rules={[{ required: strict, message: CONFIRMATION_MSG.newGrade }]}>
            <Select
              options={(ranks.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              disabled={readOnly}
              placeholder={CONFIRMATION_MSG.newGrade}
              data-testid="confirmation-new-grade"
            />
          </Form.Item>
        </Col>
      )}
      {isChangeSalary === '001' && (
        <Col xs={24} md={12}>
          <Form.Item name="newSalary" label="调整后月薪（元）" rules={[{ required: strict, message: CONFIRMATION_MSG.newSalary }]}>
            <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} disabled={readOnly} />
          </Form.Item>
        </Col>
      )}
      {(regular || !outsourced) && (
        <Col span={24}>
          <Form.Item name="opinion" label="转正意见" rules={textRules(strict && regular, CONFIRMATION_MSG.opinion)}>
            <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount disabled={readOnly} />
          </Form.Item>
        </Col>
      )}
      {outsourced && (
        <>
          <Col span={24}>
            <Form.Item name="advantage" label="优点" rules={textRules(strict, CONFIRMATION_MSG.advantage)}>
              <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="improvePoint" label="待改进点" rules={textRules(strict, CONFIRMATION_MSG.improvePoint)}>
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
              label="转正评估表"
              rules={[
                { required: strict, type: 'array', min: 1, message: CONFIRMATION_MSG.material },
                { type: 'array', max: 1, message: CONFIRMATION_MSG.materialOne },
              ]}
            >
              <FileUpload maxCount={1} readOnly={readOnly} moduleName="hr" functionName="positive" deleteOnServer={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="materials" label="附件材料" rules={[{ required: strict, type: 'array', min: 1, message: CONFIRMATION_MSG.materials }]}>
              <FileUpload maxCount={CONFIRMATION_MAX_MATERIALS} readOnly={readOnly} moduleName="hr" functionName="positive" deleteOnServer={false} />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
