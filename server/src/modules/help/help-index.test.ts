import { beforeAll, describe, expect, it } from 'vitest';
import type { HelpIndex } from './help-index';
import { shippedArticleIndex } from './shipped-index';

let index: HelpIndex;
beforeAll(async () => {
  index = await shippedArticleIndex();
}, 30_000);

const texts = (q: string) => index.terms(q).map((t) => t.text);

describe('typo corrections of the help search (issue 37)', () => {
  it('corrects a mistyped word but never a piece straddling two real words', () => {
    // 程实 (in 流程实例) and 己的 (in 自己的) were taken for 城市 and 记得.
    expect(texts('流程实例终止后还能恢复吗')).toEqual(expect.arrayContaining(['流程', '实例', '终止']));
    expect(texts('流程实例终止后还能恢复吗')).not.toContain('程实');
    expect(texts('部门自己的费用预算在哪录入')).not.toContain('己的');
    const typo = index.terms('报消需要什么材料').find((t) => t.text === '报消');
    expect(typo?.alternatives.flatMap((a) => a.words)).toContain('报销');
  });

  it('finds the article a question asks for', () => {
    const top = (q: string) => index.search(index.terms(q), { focused: true, visible: () => true })[0]?.article.slug;
    expect(top('执行中的项目下面怎么再建子项目？')).toBe('subproject-create');
    expect(top('流程中心里我的已办和已办结有什么区别？')).toBe('process-center-tabs');
  });
});
