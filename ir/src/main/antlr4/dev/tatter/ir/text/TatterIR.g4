// The textual IR of a Tatter graph. The grammar lists no op names (MLIR's generic form): an
// op's mnemonic is looked up in the op registry by the parser, so new ops need no grammar change.
grammar TatterIR;

graph      : statement* returnStmt? EOF ;
statement  : VALUE '=' name '(' (VALUE (',' VALUE)*)? ')' attrDict? ':' type ;
returnStmt : 'return' (VALUE (',' VALUE)*)? ;
typeOnly   : type EOF ;
// A value written by hand (a command-line feed): an optional type, then nested lists.
valueOnly  : type? literal EOF ;

attrDict   : '{' (attr (',' attr)*)? '}' ;
attr       : name '=' attrValue ;
attrValue  : type literal        # tensorAttr
           | literal             # plainAttr
           ;

literal    : '[' (literal (',' literal)*)? ']'   # listLiteral
           | name '(' (field (',' field)*)? ')'  # structLiteral
           | scalar                              # scalarLiteral
           ;
// A value with named parts, as TF prints one: SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, 4]).
field      : name '=' literal ;
scalar     : INT | FLOAT | STRING | 'true' | 'false' | 'nan' | 'inf' | '-' 'inf' | name ;

type       : 'tensor' '<' name '>' '[' '*' ']'                    # unrankedType
           | 'tensor' '<' name '>' shape                          # denseType
           | 'ragged' '<' name (',' typeOption)* '>' shape        # raggedType
           | 'partition' '<' name (',' typeOption)* '>' shape     # partitionType
           | 'sparse' '<' name '>' shape                          # sparseType
           ;
typeOption : name '=' (name | INT | '[' (size (',' size)*)? ']') ;
shape      : '[' (dim (',' dim)*)? ']' ;
dim        : size | '(' 'None' ')' ;
size       : INT | 'None' ;

// Keywords are also valid names (an op may be called `partition`).
name       : IDENT | 'tensor' | 'ragged' | 'partition' | 'sparse' | 'None' | 'true' | 'false' | 'nan' | 'inf' | 'return' ;

VALUE      : '%' [A-Za-z0-9_.]+ ;
IDENT      : [A-Za-z_] [A-Za-z0-9_.]* ;
FLOAT      : '-'? DIGITS '.' DIGITS? EXPONENT? | '-'? DIGITS EXPONENT ;
INT        : '-'? DIGITS ;
// JSON's escapes, so that a JSON array of strings is a literal too, and \xNN for a raw byte.
STRING     : '"' (~["\\\r\n] | '\\' ["\\/bfnrt] | '\\u' HEX HEX HEX HEX | '\\x' HEX HEX)* '"' ;
COMMENT    : ('#' | '//') ~[\r\n]* -> skip ;
WS         : [ \t\r\n\uFEFF]+ -> skip ;  // a byte-order mark too, as editors on Windows write one
fragment DIGITS   : [0-9]+ ;
fragment HEX      : [0-9a-fA-F] ;
fragment EXPONENT : [eE] [+-]? DIGITS ;
