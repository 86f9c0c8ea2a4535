import type { OrgTreeNode } from '@erp/contract';

/** The unit with this code anywhere in an org/tree answer (API tests). */
export function findUnit(nodes: OrgTreeNode[], code: string): OrgTreeNode | undefined {
  for (const n of nodes) {
    if (n.code === code) return n;
    const hit = findUnit(n.children, code);
    if (hit) return hit;
  }
}
