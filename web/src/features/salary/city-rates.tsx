import { type CityRateRecord, cityRateMeta, payrollCalls as P } from '@erp/contract/modules/salary';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { EditDeleteActions, ResourceTable } from '../../components/resource';
import { toFen } from '../finance/money';
import { fenColumns } from './pay-parts';

type RateForm = {
  city: string;
  year: number;
  pension: number;
  medical: number;
  medicalFixed: number;
  unemployment: number;
  housing: number;
  erPension: number;
  erMedical: number;
  erUnemployment: number;
  erInjury: number;
  erMaternity: number;
  erHousing: number;
  siBaseMin: number;
  siBaseMax: number;
  hfBaseMin: number;
  hfBaseMax: number;
};

const pctColumn = { render: (v: unknown) => `${Number(v) / 100}%`, align: 'right' as const };

/**
 * The employee and employer rates (%) and base limits (yuan) of each city and year; the payroll reads
 * them when it computes (the employer's part is the company's cost, shown on payslips as 单位缴纳).
 */
export function CityRates({ editable }: { editable: boolean }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<CityRateRecord | 'new' | null>(null);
  const [form] = Form.useForm<RateForm>();
  const open = (r: CityRateRecord | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? {
            city: '',
            year: new Date().getFullYear(),
            pension: 8,
            medical: 2,
            medicalFixed: 0,
            unemployment: 0.5,
            housing: 7,
            erPension: 16,
            erMedical: 9,
            erUnemployment: 0.5,
            erInjury: 0.2,
            erMaternity: 0,
            erHousing: 7,
          }
        : {
            city: r.city,
            year: r.year,
            pension: r.pensionBp / 100,
            medical: r.medicalBp / 100,
            medicalFixed: r.medicalFixed / 100,
            unemployment: r.unemploymentBp / 100,
            housing: r.housingBp / 100,
            erPension: r.employerPensionBp / 100,
            erMedical: r.employerMedicalBp / 100,
            erUnemployment: r.employerUnemploymentBp / 100,
            erInjury: r.employerInjuryBp / 100,
            erMaternity: r.employerMaternityBp / 100,
            erHousing: r.employerHousingBp / 100,
            siBaseMin: r.siBaseMin / 100,
            siBaseMax: r.siBaseMax / 100,
            hfBaseMin: r.hfBaseMin / 100,
            hfBaseMax: r.hfBaseMax / 100,
          },
    );
  };
  const refresh = () => client.invalidateQueries({ queryKey: ['salary', 'rates'] });
  const bp = (v: number) => Math.round(v * 100);
  const num = (name: keyof RateForm, label: string, suffix: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请输入${label}` }]}>
      <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter={suffix} />
    </Form.Item>
  );
  return (
    <>
      <ResourceTable<CityRateRecord>
        meta={cityRateMeta}
        pageCall={P.cityRatePage}
        queryKey={['salary', 'rates']}
        columns={{
          ...fenColumns(cityRateMeta),
          pensionBp: pctColumn,
          medicalBp: pctColumn,
          unemploymentBp: pctColumn,
          housingBp: pctColumn,
          employerPensionBp: pctColumn,
          employerMedicalBp: pctColumn,
          employerUnemploymentBp: pctColumn,
          employerInjuryBp: pctColumn,
          employerMaternityBp: pctColumn,
          employerHousingBp: pctColumn,
        }}
        toolbar={editable && <Button onClick={() => open('new')}>新增费率</Button>}
        rowActions={
          editable
            ? (r) => (
                <EditDeleteActions
                  onEdit={() => open(r)}
                  deleteTitle="确认删除该费率？"
                  remove={() => api(P.cityRateDelete, { id: r.id })}
                  afterRemove={refresh}
                />
              )
            : undefined
        }
      />
      <Modal
        title={editing === 'new' ? '新增城市费率' : '修改城市费率'}
        open={editing !== null}
        width={680}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await api(P.cityRateSave, {
            id: editing && editing !== 'new' ? editing.id : null,
            city: v.city,
            year: v.year,
            pensionBp: bp(v.pension),
            medicalBp: bp(v.medical),
            medicalFixed: toFen(v.medicalFixed),
            unemploymentBp: bp(v.unemployment),
            housingBp: bp(v.housing),
            employerPensionBp: bp(v.erPension),
            employerMedicalBp: bp(v.erMedical),
            employerUnemploymentBp: bp(v.erUnemployment),
            employerInjuryBp: bp(v.erInjury),
            employerMaternityBp: bp(v.erMaternity),
            employerHousingBp: bp(v.erHousing),
            siBaseMin: toFen(v.siBaseMin),
            siBaseMax: toFen(v.siBaseMax),
            hfBaseMin: toFen(v.hfBaseMin),
            hfBaseMax: toFen(v.hfBaseMax),
          });
          message.success('已保存');
          setEditing(null);
          await refresh();
        }}
      >
        <Form form={form} name="cityRate" layout="vertical" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="city" label="城市" rules={[{ required: true, whitespace: true, message: '请输入城市' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="year" label="年度" rules={[{ required: true, message: '请输入年度' }]}>
            <InputNumber min={2000} max={2100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {num('pension', '养老保险（个人）', '%')}
          {num('medical', '医疗保险（个人）', '%')}
          {num('unemployment', '失业保险（个人）', '%')}
          {num('medicalFixed', '大病医疗（每月）', '元')}
          {num('housing', '住房公积金（个人）', '%')}
          <span />
          {num('erPension', '养老保险（单位）', '%')}
          {num('erMedical', '医疗保险（单位）', '%')}
          {num('erUnemployment', '失业保险（单位）', '%')}
          {num('erInjury', '工伤保险（单位）', '%')}
          {num('erMaternity', '生育保险（单位）', '%')}
          {num('erHousing', '住房公积金（单位）', '%')}
          {num('siBaseMin', '社保基数下限', '元')}
          {num('siBaseMax', '社保基数上限', '元')}
          {num('hfBaseMin', '公积金基数下限', '元')}
          {num('hfBaseMax', '公积金基数上限', '元')}
        </Form>
      </Modal>
    </>
  );
}
