import { defineScreens } from '../../app/registry/types';

/** Recruitment screens: the menus' component strings (server: recruit.menus.ts) and the fixed routes. */
export const screens = defineScreens({
  'recruit/demand': () => import('./demand-screen'),
  'recruit/TalentPool': () => import('./talent-pool-screen'),
  '/RecruitCenter/TalentPool': { load: () => import('./talent-pool-screen'), title: '人才库' },
  'recruit/candidate': () => import('./candidate-screen'),
  'recruit/interview': () => import('./interview-screen'),
  'recruit/offer': () => import('./offer-screen'),
  'recruit/employ': () => import('./employ-screen'),
  'recruit/funnel': () => import('./funnel-screen'),
  'recruit/rpo': () => import('./rpo-screen'),
  'recruit/demandName': () => import('./demand-name-screen'),
  '/ResumePreview': { load: () => import('./resume-preview-screen'), title: '简历预览' },
  '/FrontClueSubmit/Index': { load: () => import('./clue-submit-screen'), title: '线索提交', dates: false },
});
