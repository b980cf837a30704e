// The ClassAd language (HTCondor's "new ClassAd" syntax) for ANTLR 4.7.
// Generated to C++ at build time; the parse tree is turned into our own AST
// by classad/ast_builder.cc and never leaves the parser.
//
// Precedence, loosest first: ?: (ternary) || && | ^ & (== != =?= =!= is isnt)
// (< <= > >=) (<< >> >>>) (+ -) (* / %) unary(- + ! ~) postfix(. [] ?:).
// The elvis operator `a ?: b` binds at postfix level, as in HTCondor's
// parser (`!undefined ?: 4` is `!(undefined ?: 4)`).
grammar ClassAd;

// ---------------------------------------------------------------- entries
exprEntry  : expression EOF ;
adEntry    : classAd EOF ;
adSeqEntry : classAd* EOF ;

// ---------------------------------------------------------------- expressions
// One left-recursive rule: ANTLR turns it into precedence climbing, which
// builds far fewer parse-tree nodes than a cascade of one rule per level.
// Alternatives are listed from the tightest binding to the loosest.
expression
    : expression DOT attrName                              # selectExpr
    | expression LBRACKET expression RBRACKET              # subscriptExpr
    | expression ELVIS expression                          # elvisExpr
    | unaryOp expression                                   # unaryExpr
    | expression multiplicativeOp expression               # multiplicativeExpr
    | expression additiveOp expression                     # additiveExpr
    | expression shiftOp expression                        # shiftExpr
    | expression relationalOp expression                   # relationalExpr
    | expression equalityOp expression                     # equalityExpr
    | expression BITAND expression                         # bitAndExpr
    | expression BITXOR expression                         # bitXorExpr
    | expression BITOR expression                          # bitOrExpr
    | expression AND expression                            # andExpr
    | expression OR expression                             # orExpr
    | <assoc=right> expression QUESTION expression COLON expression  # conditionalExpr
    | primary                                              # primaryExpr
    ;
equalityOp : EQ | NE | META_EQ | META_NE | IS | ISNT ;
relationalOp : LT | LE | GT | GE ;
shiftOp : SHL | SHR | USHR ;
additiveOp : PLUS | MINUS ;
multiplicativeOp : STAR | SLASH | PERCENT ;
unaryOp : MINUS | PLUS | NOT | TILDE ;
primary
    : ( INTEGER | HEX_INTEGER )            # integerLiteral
    | REAL                                 # realLiteral
    | STRING+                              # stringLiteral
    | TRUE                                 # trueLiteral
    | FALSE                                # falseLiteral
    | UNDEFINED                            # undefinedLiteral
    | ERROR                                # errorLiteral
    | IDENTIFIER LPAREN argList? RPAREN    # callExpr
    | DOT attrName                         # absoluteAttr
    | attrName                             # attrRef
    | LPAREN expression RPAREN             # parenExpr
    | LBRACE ( expression ( COMMA expression )* )? RBRACE   # listLiteral
    | classAd                              # adLiteral
    ;
argList : expression ( argSeparator expression )* ;
argSeparator : COMMA | SEMI ;

// ---------------------------------------------------------------- ads
// Semicolons may stand before the first attribute and after every one, but
// an ad of semicolons alone (`[;]`) is HTCondor's parse error: its parser
// wants an attribute name after leading ones.
classAd : LBRACKET ( SEMI* attrDef ( SEMI+ attrDef )* SEMI* )? RBRACKET ;
attrDef : attrName ASSIGN expression ;
// Adjacent quoted names are one name, as adjacent strings are one string
// (HTCondor's lexer: `'it''s'` is the name its).
attrName : IDENTIFIER | QUOTED_NAME+ ;

// ---------------------------------------------------------------- lexer
TRUE      : [tT][rR][uU][eE] ;
FALSE     : [fF][aA][lL][sS][eE] ;
UNDEFINED : [uU][nN][dD][eE][fF][iI][nN][eE][dD] ;
ERROR     : [eE][rR][rR][oO][rR] ;
ISNT      : [iI][sS][nN][tT] ;
IS        : [iI][sS] ;

IDENTIFIER : [a-zA-Z_] [a-zA-Z0-9_]* ;

// Numbers. Hexadecimal is lexed so that the builder can read it as HTCondor
// does (classad/parser.cc, ParseIntegerText); a trailing '.' so that the
// parser can reject it with a precise message.
REAL
    : DIGIT+ '.' DIGIT+ EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    // HTCondor's lexer reads `..` and the digits after it as one real, which
    // strtod() then reads as 0 (`..5 + 1` is 1.0).
    | '..' DIGIT+ EXPONENT?
    // From a hexadecimal integer HTCondor's lexer goes on into a fraction
    // and an exponent, and strtod() reads the text as a hexadecimal float
    // (`0x1F.5` is 31.3125; `e` is a hex digit there, so `0x1F.5e2` is
    // 0x1F.5E2).
    | '0' [xX] HEXDIGIT+ '.' DIGIT+ EXPONENT?
    ;
HEX_INTEGER : '0' [xX] [0-9a-zA-Z]* ;
INTEGER : DIGIT+ ;
// Numbers HTCondor's lexer refuses (its tokenizeNumber fails on them, so
// `c ? a : 2e` is a parse error even where text after a conditional is
// ignored): a '.' with no digit after it, an exponent with no digits.
BAD_NUMBER
    : ( DIGIT+ | '0' [xX] HEXDIGIT+ ) '.'
    | ( DIGIT+ ( '.' DIGIT+ )? | '.' '.'? DIGIT+ | '0' [xX] HEXDIGIT+ '.' DIGIT+ ) [eE] [+-]?
    ;
fragment DIGIT : [0-9] ;
fragment HEXDIGIT : [0-9a-fA-F] ;
fragment EXPONENT : [eE] [+-]? DIGIT+ ;

// Strings and quoted attribute names; escapes are decoded by the builder.
STRING      : '"' ( ~["\\] | '\\' . )* '"' ;
QUOTED_NAME : '\'' ( ~['\\] | '\\' . )* '\'' ;

META_EQ : '=?=' ;
META_NE : '=!=' ;
EQ      : '==' ;
NE      : '!=' ;
LE      : '<=' ;
GE      : '>=' ;
USHR    : '>>>' ;
SHR     : '>>' ;
SHL     : '<<' ;
LT      : '<' ;
GT      : '>' ;
OR      : '||' ;
AND     : '&&' ;
BITOR   : '|' ;
BITXOR  : '^' ;
BITAND  : '&' ;
PLUS    : '+' ;
MINUS   : '-' ;
STAR    : '*' ;
SLASH   : '/' ;
PERCENT : '%' ;
NOT     : '!' ;
TILDE   : '~' ;
// HTCondor's lexer skips white space after `?` (not comments): `c ? : d`
// is the elvis operator too, at postfix level; `c ? /* */ : d` is a
// conditional without its middle, a syntax error.
ELVIS   : '?' [ \t\r\n\f\u000B]* ':' ;
QUESTION: '?' ;
COLON   : ':' ;
ASSIGN  : '=' ;
// HTCondor's lexer takes `..` as one selection operator (`a..b` is a.b).
DOT     : '.' '.'? ;
COMMA   : ',' ;
SEMI    : ';' ;
LPAREN  : '(' ;
RPAREN  : ')' ;
LBRACKET: '[' ;
RBRACKET: ']' ;
LBRACE  : '{' ;
RBRACE  : '}' ;

LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
WS            : [ \t\r\n\f\u000B]+ -> skip ;

// Anything else becomes a token the parser never accepts, so that the error
// names the offending character.
UNTERMINATED_STRING : '"' ( ~["\\] | '\\' . )* '\\'? EOF ;
UNTERMINATED_NAME   : '\'' ( ~['\\] | '\\' . )* '\\'? EOF ;
UNTERMINATED_COMMENT: '/*' ( ~'*' | '*'+ ~[*/] )* '*'* EOF ;
BAD_CHAR : . ;
