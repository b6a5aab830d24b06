import { fillTemplate } from '../util/template';
import { revealText } from '../util/visible-text';
import type { Bilingual, Category, Diagnostic, Fix, Range, Severity } from './diagnostic';

/**
 * The diagnostic catalogue: every code the kernel can emit, with its severity, category and the
 * message in both languages. `{name}` placeholders are filled from the params of `diagnostic()`.
 * Codes are stable: E = error (the document does not load), W = warning, I = information.
 * Ranges: E0xx input/syntax · E1xx document · E2xx rule fields · E3xx Simple conditions ·
 * E4xx Expression · E5xx decision tables · E6xx limits and regex · E7xx format (§2.3) ·
 * E8xx completeness (§7.4).
 */
interface CodeSpec {
  readonly category: Category;
  readonly en: string;
  readonly zh: string;
}

export const CODES = {
  'ERDL-E000': {
    category: 'internal',
    en: 'Internal kernel error: {detail}',
    zh: '内核内部错误：{detail}',
  },
  'ERDL-E001': {
    category: 'input',
    en: 'Document is too large ({size} bytes; the limit is {limit} bytes)',
    zh: '文档过大（{size} 字节；上限 {limit} 字节）',
  },
  'ERDL-E002': {
    category: 'input',
    en: 'Invalid UTF-8 byte sequence at byte {byte}',
    zh: '第 {byte} 字节处 UTF-8 字节序列无效',
  },
  'ERDL-E003': {
    category: 'input',
    en: 'Binary content: control character U+{cp} is not allowed in a rule document',
    zh: '二进制内容：规则文档中不允许控制字符 U+{cp}',
  },
  'ERDL-E004': { category: 'input', en: 'The document is empty', zh: '文档为空' },
  'ERDL-E005': {
    category: 'syntax',
    en: 'YAML syntax error: {what}',
    zh: 'YAML 语法错误：{what}',
  },
  'ERDL-E006': {
    category: 'input',
    en: 'Too many alias expansions (limit {limit}): possible alias bomb',
    zh: '别名展开次数过多（上限 {limit}）：疑似别名炸弹',
  },
  'ERDL-E007': {
    category: 'syntax',
    en: 'A rule file holds exactly one YAML document; found another one here',
    zh: '规则文件只能包含一个 YAML 文档；此处发现第二个',
  },
  'ERDL-E008': {
    category: 'input',
    en: 'Nesting is too deep (more than {limit} levels)',
    zh: '嵌套层级过深（超过 {limit} 层）',
  },
  'ERDL-E009': {
    category: 'structure',
    en: 'The top level must be a mapping with protocol, version, metadata and rules',
    zh: '顶层必须是包含 protocol、version、metadata、rules 的映射',
  },
  'ERDL-E010': { category: 'syntax', en: 'Duplicate key "{key}"', zh: '重复的键“{key}”' },
  'ERDL-E011': { category: 'syntax', en: 'Keys must be plain strings', zh: '键必须是普通字符串' },
  'ERDL-E012': {
    category: 'input',
    en: 'The document has too many YAML nodes (more than {limit})',
    zh: '文档的 YAML 节点过多（超过 {limit} 个）',
  },

  'ERDL-E013': {
    category: 'input',
    en: 'Text contains an unpaired UTF-16 surrogate (e.g. "\\uD800"); strings must be well-formed Unicode',
    zh: '文本包含未配对的 UTF-16 代理项（如“\\uD800”）；字符串必须是合法的 Unicode',
  },
  // E014–E024: YAML syntax errors in plain words (src/kernel/document/yaml-errors.ts).
  'ERDL-E014': {
    category: 'syntax',
    en: 'Line {line} starts with {count}: top-level fields such as "{key}" start at the beginning of the line',
    zh: '第 {line} 行开头多了 {count} 个空格：“{key}”这样的顶层字段应从行首写起',
  },
  'ERDL-E015': {
    category: 'syntax',
    en: 'Line {line} is indented by {actual}, but the lines it belongs with are indented by {expected}',
    zh: '第 {line} 行缩进了 {actual} 个空格，而与它同级的行缩进 {expected} 个空格',
  },
  'ERDL-E016': {
    category: 'syntax',
    en: 'Line {line} is indented with a tab: YAML indents with spaces only',
    zh: '第 {line} 行用制表符缩进：YAML 只能用空格缩进',
  },
  'ERDL-E017': {
    category: 'syntax',
    en: 'The text quoted here is never closed: the {quote} has no closing {quote}',
    zh: '引号没有闭合：此处的 {quote} 之后缺少结束的 {quote}',
  },
  'ERDL-E018': {
    category: 'syntax',
    en: 'Line {line} lines up with the list items above but has no "- ": start a new item with "- ", or indent it to continue the item above',
    zh: '第 {line} 行与上方的列表项对齐，却没有以“- ”开头：新增一项请以“- ”开头；若属于上一项，请加大缩进',
  },
  'ERDL-E019': {
    category: 'syntax',
    en: 'A value that contains ": " must be in double quotes; unquoted, YAML reads it as a nested mapping',
    zh: '含有“: ”的值必须加双引号，否则 YAML 会把它当作嵌套映射',
  },
  'ERDL-E020': {
    category: 'syntax',
    en: '"{escape}" is not a valid escape in a double-quoted string; a backslash itself is written "\\\\"',
    zh: '双引号字符串中的“{escape}”不是有效的转义；反斜杠本身应写作“\\\\”',
  },
  'ERDL-E021': {
    category: 'syntax',
    en: 'A value that starts with "{char}" must be in double quotes',
    zh: '以“{char}”开头的值必须加双引号',
  },
  'ERDL-E022': {
    category: 'syntax',
    en: 'The "{bracket}" opened here is never closed',
    zh: '此处的“{bracket}”没有闭合',
  },
  'ERDL-E023': {
    category: 'syntax',
    en: 'Unknown YAML tag {tag}: rule documents use no tags',
    zh: '未知的 YAML 标签 {tag}：规则文档不使用标签',
  },
  'ERDL-E024': {
    category: 'syntax',
    en: 'The alias *{name} refers to no anchor &{name} defined before it',
    zh: '别名 *{name} 之前没有定义对应的锚点 &{name}',
  },
  // E025, W026: text that reads as it runs (issue #35, ruling I-88; document/hidden-text.ts).
  'ERDL-E025': {
    category: 'input',
    en: 'Text "{text}" contains {chars}: bidirectional controls change the order in which text is displayed, so what a reader sees is not what runs (Trojan Source); remove them',
    zh: '文本“{text}”含有 {chars}：双向控制字符会改变文字的显示顺序，读者看到的与实际运行的并不一致（Trojan Source）；请删除',
  },
  'ERDL-W026': {
    category: 'input',
    en: 'Text "{text}" contains {chars}: invisible characters make it differ from text that looks the same; remove them',
    zh: '文本“{text}”含有 {chars}：不可见字符使它与看起来相同的文本并不相等；请删除',
  },

  'ERDL-E101': {
    category: 'structure',
    en: 'Missing top-level field "{field}"',
    zh: '缺少顶层字段“{field}”',
  },
  'ERDL-E102': {
    category: 'structure',
    en: 'Top-level fields must be in the order protocol → version → metadata → rules; "{field}" is out of order',
    zh: '顶层字段顺序必须为 protocol → version → metadata → rules；“{field}”顺序错误',
  },
  'ERDL-E103': {
    category: 'structure',
    en: 'The file must begin with protocol: "erdl/v2"',
    zh: '文件必须以 protocol: "erdl/v2" 开头',
  },
  'ERDL-E104': {
    category: 'structure',
    en: 'Unsupported protocol "{value}"; this kernel reads "erdl/v2"',
    zh: '不支持的协议“{value}”；本内核读取“erdl/v2”',
  },
  'ERDL-E105': {
    category: 'structure',
    en: 'version must be a semantic version string with major version 2 (e.g. "2.1.0"); got {value}',
    zh: 'version 必须是主版本为 2 的语义化版本字符串（如“2.1.0”）；实际为 {value}',
  },
  'ERDL-W106': {
    category: 'structure',
    en: 'Format version {value} is newer than {supported}; fields added later are not understood',
    zh: '规则格式版本 {value} 高于 {supported}；之后新增的字段无法识别',
  },
  'ERDL-E107': {
    category: 'structure',
    en: 'Unknown top-level field "{field}"{hint}. The top level holds: {allowed}',
    zh: '未知的顶层字段“{field}”{hint}。顶层字段只有：{allowed}',
  },
  'ERDL-E108': {
    category: 'structure',
    en: '"{field}" must be {expected}',
    zh: '“{field}”必须是{expected}',
  },
  'ERDL-E109': {
    category: 'structure',
    en: 'metadata.decision (the fallback decision) is required: with no rule matched, evaluation needs it',
    zh: '必须提供 metadata.decision（兜底决策）：没有规则匹配时求值需要它',
  },
  'ERDL-W110': {
    category: 'structure',
    en: 'Unknown metadata field "{field}"{hint}. metadata fields: {allowed}',
    zh: '未知的 metadata 字段“{field}”{hint}。metadata 字段有：{allowed}',
  },
  'ERDL-W111': { category: 'structure', en: 'metadata.name is missing', zh: '缺少 metadata.name' },
  'ERDL-W112': {
    category: 'structure',
    en: 'The document has no rules: every evaluation returns the fallback decision',
    zh: '文档没有规则：每次求值都返回兜底决策',
  },

  'ERDL-E201': {
    category: 'structure',
    en: 'Rule is missing the required field "{field}"',
    zh: '规则缺少必填字段“{field}”',
  },
  'ERDL-E202': {
    category: 'structure',
    en: 'Rule fields must follow the §4.1 order; "{field}" must come before "{before}"',
    zh: '规则字段必须符合 §4.1 顺序；“{field}”必须位于“{before}”之前',
  },
  'ERDL-E203': {
    category: 'structure',
    en: 'Unknown rule field "{field}"{hint}. Rule fields: {allowed}',
    zh: '未知的规则字段“{field}”{hint}。规则字段有：{allowed}',
  },
  'ERDL-E204': {
    category: 'structure',
    en: 'Duplicate rule name "{name}" (first defined on line {line})',
    zh: '规则名“{name}”重复（首次定义于第 {line} 行）',
  },
  'ERDL-W205': {
    category: 'structure',
    en: 'Rule name "{name}" does not follow [CAT]-[NNN]-description (e.g. "SEC-001-refund-limit")',
    zh: '规则名“{name}”不符合 [CAT]-[NNN]-描述 格式（如“SEC-001-refund-limit”）',
  },
  'ERDL-E206': {
    category: 'structure',
    en: 'Rule name "{name}" must not contain "#" (reserved for decision-table rows)',
    zh: '规则名“{name}”不能包含“#”（保留给决策表行）',
  },
  'ERDL-E207': {
    category: 'enum',
    en: '"{value}" is not a decision type{hint}. Decision types: {allowed}',
    zh: '“{value}”不是决策类型{hint}。决策类型有：{allowed}',
  },
  'ERDL-E208': {
    category: 'enum',
    en: '"{value}" is not an override level; expected critical, high, normal or low',
    zh: '“{value}”不是覆盖级别；应为 critical、high、normal 或 low',
  },
  'ERDL-E209': {
    category: 'enum',
    en: 'ring must be an integer from 0 to 3; got {value}',
    zh: 'ring 必须是 0 到 3 的整数；实际为 {value}',
  },
  'ERDL-E210': {
    category: 'structure',
    en: 'priority must be an integer; got {value}',
    zh: 'priority 必须是整数；实际为 {value}',
  },
  'ERDL-E211': {
    category: 'completeness',
    en: 'A blocking decision ({decision}) needs a non-empty message',
    zh: '拦截性决策（{decision}）必须提供非空 message',
  },
  'ERDL-E212': {
    category: 'condition',
    en: 'when and expr must not coexist (E5): put the expression under when: expr:',
    zh: 'when 与 expr 不能共存（E5）：请把表达式写在 when: expr: 下',
  },
  'ERDL-E213': {
    category: 'structure',
    en: 'A decision-table rule has no then of its own: each row carries its then',
    zh: '决策表规则本身没有 then：每一行各自携带 then',
  },
  'ERDL-E214': {
    category: 'structure',
    en: '{field} must be a string or a mapping with zh and en',
    zh: '{field} 必须是字符串或包含 zh 与 en 的映射',
  },
  'ERDL-E215': {
    category: 'structure',
    en: 'Rule name "{name}" looks the same as "{first}" (line {line}): they differ only in hidden characters; rule names must differ in what can be seen',
    zh: '规则名“{name}”与第 {line} 行的“{first}”看起来相同：二者只差隐藏字符；规则名必须在看得见的文字上有所不同',
  },

  'ERDL-E301': {
    category: 'condition',
    en: 'when must be one of: a Simple block (logic + conditions), "true", an expression (expr) or a decision table (kind: decision_table)',
    zh: 'when 必须是以下之一：简单形式条件块（logic + conditions）、“true”、表达式（expr）或决策表（kind: decision_table）',
  },
  'ERDL-E302': {
    category: 'enum',
    en: 'logic must be AND or OR; got {value}',
    zh: 'logic 必须是 AND 或 OR；实际为 {value}',
  },
  'ERDL-E303': {
    category: 'condition',
    en: 'conditions must be a non-empty list (use when: "true" for an unconditional rule)',
    zh: 'conditions 必须是非空列表（无条件规则请使用 when: "true"）',
  },
  'ERDL-E304': {
    category: 'enum',
    en: 'Unknown operator "{value}"{hint}. Operators: {allowed}',
    zh: '未知的运算符“{value}”{hint}。可用的运算符：{allowed}',
  },
  'ERDL-E305': {
    category: 'condition',
    en: 'A condition needs a field path',
    zh: '条件缺少 field 字段路径',
  },
  'ERDL-E306': {
    category: 'condition',
    en: 'Invalid field path "{value}": dot-separated names, no empty segments or spaces',
    zh: '字段路径“{value}”无效：应为点分隔的名称，不能有空段或空格',
  },
  'ERDL-E307': {
    category: 'condition',
    en: 'Operator {operator} needs {expected}',
    zh: '运算符 {operator} 需要{expected}',
  },
  'ERDL-E308': {
    category: 'condition',
    en: 'Operator {operator} takes no value (use {other} for the opposite)',
    zh: '运算符 {operator} 不接受 value（相反含义请用 {other}）',
  },
  'ERDL-E309': {
    category: 'condition',
    en: 'between needs min ≤ max; got [{min}, {max}]',
    zh: 'between 要求 min ≤ max；实际为 [{min}, {max}]',
  },
  'ERDL-E310': {
    category: 'condition',
    en: 'Invalid time window "{value}": write an integer and a unit s, m, h or d (e.g. "10m")',
    zh: '时间窗口“{value}”无效：应为整数加单位 s、m、h 或 d（如“10m”）',
  },
  'ERDL-E311': {
    category: 'condition',
    en: 'Invalid rate "{value}": write N/window (e.g. "5/1h")',
    zh: '频率“{value}”无效：应写作 N/窗口（如“5/1h”）',
  },
  'ERDL-E312': {
    category: 'condition',
    en: '{operator} is a modifier written on a condition (e.g. {operator}: "{example}"), not an operator',
    zh: '{operator} 是写在条件上的修饰符（如 {operator}: "{example}"），不是运算符',
  },
  'ERDL-E313': {
    category: 'condition',
    en: 'A condition may carry within or rate, not both',
    zh: '一个条件只能带 within 或 rate 之一',
  },
  'ERDL-E314': {
    category: 'condition',
    en: 'Unknown condition key "{field}"{hint}; a condition has field, operator, value and optionally within or rate',
    zh: '未知的条件键“{field}”{hint}；条件包含 field、operator、value，可选 within 或 rate',
  },
  'ERDL-I315': {
    category: 'condition',
    en: 'Alias "{value}" is normalized to "{canonical}"',
    zh: '别名“{value}”已归一化为“{canonical}”',
  },
  'ERDL-W316': {
    category: 'condition',
    en: 'Field path "{value}" is outside the known namespaces ({namespaces}){hint}',
    zh: '字段路径“{value}”不属于已知命名空间（{namespaces}）{hint}',
  },
  'ERDL-W317': {
    category: 'condition',
    en: 'in / not_in with an empty list never matches',
    zh: 'in / not_in 使用空列表永远不会匹配',
  },
  'ERDL-I318': {
    category: 'condition',
    en: 'This condition is the constant true: write it as the string "true" (§7.4 applies to it)',
    zh: '此条件恒为真：请写作字符串“true”（适用 §7.4 约束）',
  },
  'ERDL-E321': {
    category: 'condition',
    en: 'unless cannot be a decision table: write the exemption as a Simple block, an expression, or null',
    zh: '豁免条件（unless）不能是决策表：请用简单形式条件块、表达式或 null 书写',
  },
  'ERDL-E320': {
    category: 'condition',
    en: 'A condition needs an operator (e.g. operator: eq)',
    zh: '条件缺少 operator 运算符（如 operator: eq）',
  },
  'ERDL-E319': {
    category: 'condition',
    en: 'Number {value} is out of range: at most 30 integer digits, finite',
    zh: '数值 {value} 超出范围：整数部分最多 30 位且必须有限',
  },

  'ERDL-E401': {
    category: 'condition',
    en: 'Unknown expression node "{value}"{hint}',
    zh: '未知的表达式节点“{value}”{hint}',
  },
  'ERDL-E402': {
    category: 'condition',
    en: 'An expression node is a mapping with exactly one key (the node name); found {count}',
    zh: '表达式节点必须是只含一个键（节点名）的映射；实际有 {count} 个',
  },
  'ERDL-E403': {
    category: 'condition',
    en: '{node} takes {expected}',
    zh: '{node} 需要{expected}',
  },
  'ERDL-E404': {
    category: 'condition',
    en: '{node}: expected {expected} here, got {actual}',
    zh: '{node}：此处需要{expected}操作数，实际为{actual}',
  },
  'ERDL-W410': {
    category: 'condition',
    en: '{node} compares two literals, so its result never depends on the fact; a field is written {field: "…"}',
    zh: '{node} 比较的是两个字面量，结果与事实无关；字段应写作 {field: "…"}',
  },
  'ERDL-E405': {
    category: 'condition',
    en: 'var may only be "$" or "$.path" and only inside a quantifier or aggregate',
    zh: 'var 只能是“$”或“$.path”，且只能出现在量词或聚合内部',
  },
  'ERDL-E406': {
    category: 'condition',
    en: 'Unknown {what} "{value}"{hint}. Expected one of: {allowed}',
    zh: '未知的{what}“{value}”{hint}。应为以下之一：{allowed}',
  },
  'ERDL-E407': {
    category: 'condition',
    en: 'Invalid duration "{value}": write an integer and a unit s, m, h, d, w, mo or y (e.g. "30d")',
    zh: '时长“{value}”无效：应为整数加单位 s、m、h、d、w、mo 或 y（如“30d”）',
  },
  'ERDL-E408': {
    category: 'condition',
    en: 'Function delegation (fn) is not available: no function is registered (Appendix D)',
    zh: '函数委派（fn）不可用：没有已注册的函数（附录 D）',
  },
  'ERDL-E409': {
    category: 'condition',
    en: 'The condition must be true/false-valued; this expression gives a {actual}',
    zh: '条件必须是真/假值；此表达式得到的是{actual}',
  },

  'ERDL-E501': {
    category: 'condition',
    en: 'A decision table needs columns (a non-empty list of {field, label})',
    zh: '决策表需要 columns（非空的 {field, label} 列表）',
  },
  'ERDL-E502': {
    category: 'condition',
    en: 'A decision table needs rows (a non-empty list)',
    zh: '决策表需要 rows（非空列表）',
  },
  'ERDL-E503': {
    category: 'condition',
    en: 'Row {row} has {count} cells but the table has {columns} columns (use "-" for a column the row does not test, or when: [] for a default row)',
    zh: '第 {row} 行有 {count} 个单元格，但表格有 {columns} 列（不检查的列请用“-”，默认行请用 when: []）',
  },
  'ERDL-E504': {
    category: 'condition',
    en: 'A cell is [operator, value] or "-" (any)',
    zh: '单元格应为 [运算符, 值] 或“-”（任意）',
  },
  'ERDL-W505': {
    category: 'condition',
    en: 'Row {row} priority {priority} contradicts row order (row order decides: a later row must not have a smaller priority than {previous})',
    zh: '第 {row} 行的 priority {priority} 与行序矛盾（以行序为准：后面的行不能比 {previous} 更小）',
  },
  'ERDL-E506': {
    category: 'structure',
    en: 'Unknown {what} key "{field}"{hint}. Keys: {allowed}',
    zh: '未知的{what}键“{field}”{hint}。可用的键：{allowed}',
  },
  'ERDL-W507': {
    category: 'condition',
    en: 'Row {row} can never be reached: row {earlier} above it matches unconditionally',
    zh: '第 {row} 行永不触发：其上方第 {earlier} 行无条件匹配',
  },
  'ERDL-E508': {
    category: 'condition',
    en: 'Modifiers (within / rate) cannot be written in a decision-table cell',
    zh: '决策表单元格中不能使用修饰符（within / rate）',
  },

  // W509–W514 / I513: the decision-table analysis (src/kernel/table-analysis, docs/table-analysis.md).
  'ERDL-W509': {
    category: 'condition',
    en: 'Row {row} can never fire: every fact it matches is matched first by {rows} above it (first match in row order)',
    zh: '第 {row} 行永不触发：它匹配的每个事实都会先被其上方的{rows}匹配（按行序取首个匹配）',
  },
  'ERDL-W510': {
    category: 'condition',
    en: 'Row {row} ({decision}) overlaps row {earlier} ({other}) above it: a fact can match both, and row order applies row {earlier}',
    zh: '第 {row} 行（{decision}）与其上方第 {earlier} 行（{other}）重叠：同一事实可同时匹配两行，按行序采用第 {earlier} 行',
  },
  'ERDL-W511': {
    category: 'condition',
    en: 'No row matches some inputs and the table has no default row (when: []), e.g. {example}',
    zh: '部分输入没有任何行匹配，且表格没有默认行（when: []），例如 {example}',
  },
  'ERDL-W512': {
    category: 'condition',
    en: 'Row {row} repeats the cells of row {earlier}{decision}: it can never fire',
    zh: '第 {row} 行与第 {earlier} 行的单元格相同{decision}：它永不触发',
  },
  'ERDL-I513': {
    category: 'condition',
    en: 'Unknown: the table analysis cannot decide whether {question} ({reason})',
    zh: '未知：表格分析无法判定{question}（{reason}）',
  },
  'ERDL-W514': {
    category: 'condition',
    en: 'Row {row} matches no fact: its cells exclude each other',
    zh: '第 {row} 行不匹配任何事实：其单元格相互排斥',
  },

  // E515–E519: row names (I-75, I-90), the stable identity `<entry>#<name>` of a decision-table row.
  'ERDL-E515': {
    category: 'structure',
    en: 'Row {row} name must be a non-empty string (the row compiles to <entry>#<name>); remove name to keep <entry>#{row}',
    zh: '第 {row} 行的 name 必须是非空字符串（该行编译为 <规则名>#<行名>）；删除 name 则保持 <规则名>#{row}',
  },
  'ERDL-E516': {
    category: 'structure',
    en: 'Row name "{name}" must not contain "#" (it separates the rule name from the row name)',
    zh: '行名“{name}”不能包含“#”（它分隔规则名与行名）',
  },
  'ERDL-E517': {
    category: 'structure',
    en: 'Row name "{name}" is all digits, so it reads as row {row}: {reason}',
    zh: '行名“{name}”全是数字，会被读作第 {row} 行：{reason}',
  },
  'ERDL-E518': {
    category: 'structure',
    en: 'Row name "{name}" is already used by row {first} of this table; row names must be unique within a table',
    zh: '行名“{name}”已被本表第 {first} 行使用；同一张表内行名必须唯一',
  },
  'ERDL-E519': {
    category: 'structure',
    en: 'Row name "{name}" looks the same as "{firstName}" of row {first}: they differ only in hidden characters; row names must differ within a table in what can be seen',
    zh: '行名“{name}”与本表第 {first} 行的“{firstName}”看起来相同：二者只差隐藏字符；同一张表内行名必须在看得见的文字上有所不同',
  },

  // E520–E521: a column's declared type (I-91), which the grid reads cells by.
  'ERDL-E520': {
    category: 'enum',
    en: '"{value}" is not a column type{hint}. Column types: {allowed}',
    zh: '“{value}”不是列类型{hint}。列类型有：{allowed}',
  },
  'ERDL-E521': {
    category: 'condition',
    en: 'Row {row}: the cell {op} {value} does not fit the column "{field}", declared type: {type} ({name} values), so the row would not decide as written; change the cell or the column type',
    zh: '第 {row} 行的单元格（{op} {value}）不符合“{field}”列声明的 type: {type}（{name}值），该行不会按所写的方式决策；请修改单元格或列类型',
  },

  'ERDL-E601': {
    category: 'limit',
    en: 'Grade {grade} limit exceeded (E4): {measure} is {value}, the limit is {limit}',
    zh: '超出 {grade} 级限制（E4）：{measure}为 {value}，上限为 {limit}',
  },
  'ERDL-E602': {
    category: 'limit',
    en: 'in / not_in lists hold at most {limit} items; this one has {count}',
    zh: 'in / not_in 列表最多 {limit} 项；此列表有 {count} 项',
  },
  'ERDL-E603': {
    category: 'regex',
    en: 'The pattern uses {construct}, which RE2 does not support (§5.2: a match must run in linear time)',
    zh: '正则使用了{construct}，RE2 不支持这种写法（§5.2：匹配必须在线性时间内完成）',
  },
  'ERDL-E604': {
    category: 'regex',
    en: 'Inline regex flags such as "{flag}" are not allowed: match is always case-sensitive (§5.2)',
    zh: '不允许使用“{flag}”之类的内联正则标志：match 始终区分大小写（§5.2）',
  },
  'ERDL-E605': {
    category: 'limit',
    en: 'Regex pattern is too long ({length} characters; the limit is {limit})',
    zh: '正则表达式过长（{length} 个字符；上限 {limit}）',
  },
  'ERDL-E606': {
    category: 'regex',
    en: 'The pattern is not a valid regular expression: {problem}',
    zh: '正则表达式无效：{problem}',
  },

  'ERDL-W701': {
    category: 'format',
    en: 'String values are written in double quotes (§2.3)',
    zh: '字符串值应使用双引号（§2.3）',
  },
  'ERDL-W702': {
    category: 'format',
    en: 'Indent by 2 spaces (§2.3); this block is indented by {actual}',
    zh: '缩进应为 2 个空格（§2.3）；此处缩进为 {actual}',
  },
  'ERDL-I703': {
    category: 'format',
    en: 'Keywords such as {value} are written without quotes (§2.3)',
    zh: '{value} 这类关键字应直接书写，不加引号（§2.3）',
  },

  'ERDL-E801': {
    category: 'completeness',
    en: 'when: "true" must not pair with the blocking decision {decision} (§7.4, §2.3)',
    zh: 'when: "true" 不能与拦截性决策 {decision} 搭配（§7.4、§2.3）',
  },
  'ERDL-E802': {
    category: 'completeness',
    en: 'A security rule (category security) must contain at least one condition (§7.4)',
    zh: '安全类规则（category=security）必须至少包含 1 个条件（§7.4）',
  },
  'ERDL-W803': {
    category: 'completeness',
    en: 'when: "true" with ALLOW should carry an instruction (§7.4: ALLOW + instruction)',
    zh: 'when: "true" 搭配 ALLOW 时应提供 instruction（§7.4：ALLOW + instruction）',
  },
  'ERDL-W804': {
    category: 'completeness',
    en: 'A {kind} rule should test {field} (§7.4)',
    zh: '{kind}规则应包含 {field} 条件（§7.4）',
  },
  // W9xx / I9xx: gloss (§5.5 G2, G3), reported by the gloss lint (src/kernel/gloss/document.ts).
  'ERDL-W901': {
    category: 'condition',
    en: 'Field "{path}" has no {lang} display name (§5.5 G3): the gloss reads it as "{fallback}"; add it to the field dictionary',
    zh: '字段“{path}”没有{lang}显示名（§5.5 G3）：释义中读作“{fallback}”；请在字段词典中补充',
  },
  'ERDL-W902': {
    category: 'condition',
    en: 'The stored gloss is not render(tree) (§5.5 G2); it should read: {expected}',
    zh: '存储的释义与由表达式树生成的释义不一致（§5.5 G2）；应为：{expected}',
  },
  'ERDL-I903': {
    category: 'condition',
    en: 'Other rules here store their gloss but rule "{name}" does not (§5.5 G2); its gloss is rendered from the tree',
    zh: '本文档的其他规则都存有释义，规则“{name}”却没有（§5.5 G2）；其释义将由表达式树生成',
  },
} as const satisfies Record<string, CodeSpec>;

export type DiagnosticCode = keyof typeof CODES;

/** A param is the same in both languages, or given per language (e.g. a type name). */
export type Params = Readonly<Record<string, string | number | Bilingual>>;

/**
 * A message from its template. Every value put in is shown as it reads (ruling I-88): a bidi
 * control or an invisible character in a name or value becomes `⟨U+202E⟩` and a control character
 * `\u001b` (visible-text.ts), so no message can be reordered on screen or hide what it quotes.
 */
function fill(template: string, params: Params, lang: 'en' | 'zh'): string {
  const values: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(params)) values[key] = typeof v === 'object' ? v[lang] : v;
  return fillTemplate(template, values, { missing: 'drop', show: revealText });
}

export function severityOf(code: DiagnosticCode): Severity {
  const letter = code.charAt(5);
  return letter === 'E' ? 'error' : letter === 'W' ? 'warning' : 'info';
}

/** Build a diagnostic from the catalogue. `recoverable` follows severity: errors are not. */
export function diagnostic(
  code: DiagnosticCode,
  range: Range,
  params: Params = {},
  fix?: Fix,
): Diagnostic {
  const spec: CodeSpec = CODES[code];
  const severity = severityOf(code);
  const d: Diagnostic = {
    code,
    severity,
    category: spec.category,
    message: { en: fill(spec.en, params, 'en'), zh: fill(spec.zh, params, 'zh') },
    range,
    recoverable: severity !== 'error',
  };
  return fix ? { ...d, fix } : d;
}
