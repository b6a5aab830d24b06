import { defineStrings } from '../i18n/i18n';

/**
 * The test cases under a decision table (the scenario sheet, docs/fact-suites.md "The test cases of
 * a table"). One term per concept, as the Evaluate panel's fact suite says them: a test case
 * (测试用例) of the fact suite (事实测试集).
 */
export const scenarioStrings = defineStrings({
  en: {
    title: 'Test cases',
    label: 'Test cases of {entry}',
    count: '{shown} of the fact suite’s {total} {total:test case|test cases} reach this table',
    none: 'No test case of the fact suite reaches this table yet.',
    more: 'The first {shown} of {n} {n:test case|test cases} are shown; the Evaluate panel lists and filters them all.',
    noSuite:
      'The document has no fact suite yet: add a test case for a row, and the suite starts with it.',
    suiteProblems:
      'The fact suite has problems, so its test cases cannot be shown here; fix them in the Evaluate panel.',
    tooLarge:
      'The fact suite is too large to show here ({n} {n:character|characters}); its results are in the Evaluate panel.',
    imported:
      'The Evaluate panel shows an imported fact set: the results of these test cases come back with “Show the document’s own suite”.',
    documentInvalid: 'The document has errors: the test cases run once it loads.',
    checking: 'Checking…',
    checkingLabel: 'The test cases are being checked against the current text',
    totals: '{passed} passed, {failed} failed',
    caseColumn: 'Test case',
    expected: 'Expected',
    actual: 'Decided',
    expectedRow: 'expected: {rows}',
    row: 'Row',
    result: 'Result',
    pass: 'pass',
    fail: 'FAIL',
    unchecked: '—',
    noExpectation: '— (not checked)',
    expectedLabel: 'Expected decision of {name}',
    rowRef: '{row}',
    rowNamed: '{row} · {name}',
    noSuchRow: '{id} (no such row)',
    noRow: 'no row',
    decidedBy: 'decided by {rule}',
    showRow: 'Select row {row} in the table',
    absent: '(absent)',
    cellLabel: '{name}, {column}',
    addForRow: 'Add a test case for row {row}',
    addForRowHelp:
      'A fact whose values row {row} matches, expecting its decision: select another row in the table to add one for it.',
    addForExample: 'Add as a test case',
    addForExampleHelp:
      'Records what the document decides now for these inputs; change the expectation in the test case if that is not what it should decide.',
    rowCaseName: 'row {row} ({decision}): {fact}',
    exampleCaseName: 'uncovered inputs: {fact}',
    emptyFact: 'no field',
    added: 'Added test case “{name}”, expecting {decision}, the decision of row {row}.',
    addedTaken:
      'Added test case “{name}”, expecting {decision}, the decision of row {row}; row {taken} comes first for every value found, so it fails until the rows change.',
    addedExample:
      'Added test case “{name}”, expecting {decision}: what the document decides now. Change the expectation if it should decide otherwise.',
    edited: 'Test case “{name}”: {column} {from} → {to}.',
    decisionEdited: 'Test case “{name}”: expects {decision}.',
    refusedAt: 'Test case “{name}”, {column}: {message}',
    refusedCase: 'Test case “{name}”: {message}',
    notEditable: 'A list or a mapping is edited in the suite text (Evaluate panel).',
    undo: 'Undo',
  },
  zh: {
    title: '测试用例',
    label: '{entry} 的测试用例',
    count: '事实测试集的 {total} 个测试用例中有 {shown} 个触达此表',
    none: '事实测试集中还没有触达此表的测试用例。',
    more: '此处显示 {n} 个测试用例中的前 {shown} 个；“求值”面板可列出并筛选全部测试用例。',
    noSuite: '文档还没有事实测试集：为某一行添加测试用例后，测试集即由它开始。',
    suiteProblems: '事实测试集存在问题，无法在此显示其测试用例；请在“求值”面板中修正。',
    tooLarge: '事实测试集太大（{n} 个字符），无法在此显示；其结果见“求值”面板。',
    imported:
      '“求值”面板正在显示导入的事实集：点击“显示文档自己的测试集”后，这些测试用例的结果会重新显示。',
    documentInvalid: '文档存在错误：文档可加载后测试用例才会运行。',
    checking: '正在检查…',
    checkingLabel: '正在按当前文本检查测试用例',
    totals: '通过 {passed}，失败 {failed}',
    caseColumn: '测试用例',
    expected: '预期',
    actual: '实际决策',
    expectedRow: '预期：{rows}',
    row: '行',
    result: '结果',
    pass: '通过',
    fail: '失败',
    unchecked: '—',
    noExpectation: '—（不检查）',
    expectedLabel: '{name} 的预期决策',
    rowRef: '{row}',
    rowNamed: '{row} · {name}',
    noSuchRow: '{id}（无此行）',
    noRow: '无匹配行',
    decidedBy: '由 {rule} 决策',
    showRow: '在表中选中第 {row} 行',
    absent: '（缺失）',
    cellLabel: '{name}，{column}',
    addForRow: '为第 {row} 行添加测试用例',
    addForRowHelp:
      '生成一个第 {row} 行匹配的事实，预期为该行的决策；在表中选中其他行即可为该行添加。',
    addForExample: '添加为测试用例',
    addForExampleHelp:
      '记录文档当前对这些输入作出的决策；如果这不是应有的决策，请修改该测试用例的预期。',
    rowCaseName: '第 {row} 行（{decision}）：{fact}',
    exampleCaseName: '未覆盖的输入：{fact}',
    emptyFact: '无字段',
    added: '已添加测试用例“{name}”，预期为第 {row} 行的决策 {decision}。',
    addedTaken:
      '已添加测试用例“{name}”，预期为第 {row} 行的决策 {decision}；找到的每组值都先被第 {taken} 行匹配，因此在修改行之前它会失败。',
    addedExample:
      '已添加测试用例“{name}”，预期为 {decision}：即文档当前的决策。如果应作出其他决策，请修改预期。',
    edited: '测试用例“{name}”：{column} {from} → {to}。',
    decisionEdited: '测试用例“{name}”：预期为 {decision}。',
    refusedAt: '测试用例“{name}”，{column}：{message}',
    refusedCase: '测试用例“{name}”：{message}',
    notEditable: '列表或映射请在测试集文本中编辑（“求值”面板）。',
    undo: '撤销',
  },
});
