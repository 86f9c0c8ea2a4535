import { describe, expect, it } from 'vitest';
import { loadHelpArticles } from '../server/src/modules/help/help-articles';
import { loadQuestions } from './help-accuracy';

describe('the help question set (issue 37)', () => {
  it('has 150 questions or more, each naming an article that exists (or none)', () => {
    const slugs = new Set(loadHelpArticles().map((a) => a.slug));
    const questions = loadQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(questions.filter((q) => q.slug !== null && !slugs.has(q.slug)).map((q) => `${q.file}: ${q.question} → ${q.slug}`)).toEqual([]);
    expect(questions.filter((q) => !q.question)).toEqual([]);
    expect(questions.filter((q) => q.slug === null).length).toBeGreaterThanOrEqual(10);
  });
});
