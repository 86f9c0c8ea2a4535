import type { DictSeed } from '../base/dictionaries.seed';

/** Dictionaries of the asset area (docs/domain/assets-front.md). */
export const assetDictionaries: DictSeed[] = [
  {
    codeType: 'ASSETCATEGORY',
    name: '资产类别',
    items: [
      ['001', '电脑设备'],
      ['002', '显示器及外设'],
      ['003', '手机及通讯设备'],
      ['004', '办公设备'],
      ['005', '办公家具'],
      ['006', '网络设备'],
      ['007', '车辆'],
      ['008', '办公用品'],
    ],
  },
  {
    codeType: 'ASSETKIND',
    name: '资产性质',
    items: [
      ['001', '固定资产'],
      ['002', '低值易耗品'],
    ],
  },
  {
    codeType: 'ASSETLOCATION',
    name: '存放地点',
    items: [
      ['001', '北京总部 12层'],
      ['002', '北京总部 15层'],
      ['003', '上海分公司'],
      ['004', '深圳分公司'],
      ['005', '成都交付中心'],
      ['006', '总部库房'],
    ],
  },
  {
    codeType: 'ASSETSTATUS',
    name: '资产状态',
    items: [
      ['001', '在库', 'green'],
      ['002', '在用', 'blue'],
      ['003', '借出', 'orange'],
      ['004', '维修中', 'orange'],
      ['005', '已报废', 'grey'],
      ['006', '盘亏', 'red'],
    ],
  },
  {
    codeType: 'ASSETAPPLYTYPE',
    name: '资产申请类型',
    items: [
      ['001', '领用'],
      ['002', '借用'],
      ['003', '项目借出'],
    ],
  },
  {
    codeType: 'ASSETISSUE',
    name: '资产发放状态',
    items: [
      ['000', '未审批', 'grey'],
      ['001', '待发放', 'orange'],
      ['002', '已发放', 'blue'],
      ['003', '已归还', 'green'],
    ],
  },
  {
    codeType: 'ASSETMOVE',
    name: '资产变动类型',
    items: [
      ['001', '登记入库'],
      ['002', '领用'],
      ['003', '借用'],
      ['004', '项目借出'],
      ['005', '归还入库'],
      ['006', '盘点调整地点'],
      ['007', '盘亏'],
      ['008', '报废'],
    ],
  },
];
