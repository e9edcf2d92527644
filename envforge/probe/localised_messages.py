"""Error messages in the languages people's consoles print them, as English (data only).

A DLL that does not load is reported in the system's language: ``[WinError 126] 找不到指定的模块。``
on a Chinese Windows, ``Das angegebene Modul wurde nicht gefunden.`` on a German one; the Linux
loader's "cannot open shared object file: No such file or directory" follows ``LANG`` too
(``无法打开共享对象文件: 没有那个文件或目录``). The patterns know the English words; ``english`` puts
them in place of the localised ones (a ``[WinError N]`` by its number, the rest by the phrase), so
one pattern reads every language.
"""

from __future__ import annotations

import re

__all__ = ["english"]

# the messages of the Windows errors a failed DLL load reports, by number
ENGLISH = {  # 2 and 3 are followed by the path (": 'C:/...'"), the others end in a full stop
    "2": "The system cannot find the file specified",
    "3": "The system cannot find the path specified",
    "126": "The specified module could not be found.",
    "127": "The specified procedure could not be found.",
    "193": "%1 is not a valid Win32 application.",
    "1114": "A dynamic link library (DLL) initialization routine failed.",
    "1455": "The paging file is too small for this operation to complete.",
}
# the localised texts of 126 and 127 (what ImportError's "DLL load failed" prints without a number)
LOCALISED = {
    "126": (
        "找不到指定的模块", "找不到指定的模組", "指定されたモジュールが見つかりません", "지정된 모듈을 찾을 수 없습니다",
        "Das angegebene Modul wurde nicht gefunden", "Le module spécifié est introuvable",
        "Не найден указанный модуль", "No se puede encontrar el módulo especificado",
        "Não foi possível encontrar o módulo especificado", "Impossibile trovare il modulo specificato",
    ),
    "127": (
        "找不到指定的程序", "指定されたプロシージャが見つかりません", "지정된 프로시저를 찾을 수 없습니다",
        "Die angegebene Prozedur wurde nicht gefunden", "La procédure spécifiée est introuvable",
        "Не найдена указанная процедура", "No se encontró el proceso especificado",
        "Não foi possível encontrar o procedimento especificado",
        "Impossibile trovare la procedura specificata",
    ),
}  # fmt: skip
# glibc's loader (dlerror) in Chinese and Japanese locales
LOADER = {
    "无法打开共享对象文件": "cannot open shared object file",
    "共有オブジェクトファイルを開けません": "cannot open shared object file",
    "没有那个文件或目录": "No such file or directory",
    "そのようなファイルやディレクトリはありません": "No such file or directory",
}
# cmd.exe's "is not recognized as an internal or external command" in Chinese and Japanese
SHELL = {
    " 不是内部或外部命令": " is not recognized as an internal or external command",
    " 不是內部或外部命令": " is not recognized as an internal or external command",
    " は、内部コマンドまたは外部コマンド": " is not recognized as an internal or external command",
}
_NUMBERED = re.compile(  # the errors ENGLISH knows, in any words but its own
    rf"\[WinError ({'|'.join(ENGLISH)})\] {{0,2}}(?=\S)(?!The |A |%1 )([^.。:：\n]{{1,160}}[.。]?)"
)
_PHRASES = (
    {phrase: ENGLISH[code] for code, texts in LOCALISED.items() for phrase in texts}
    | LOADER
    | SHELL
)
_PHRASE = re.compile(
    "(?:" + "|".join(re.escape(p) for p in sorted(_PHRASES, key=len, reverse=True)) + ")[.。]?"
)


def english(line: str) -> str:
    """``line`` with the localised error messages it holds put in English."""
    if "WinError" in line:
        line = _NUMBERED.sub(lambda m: f"[WinError {m[1]}] {ENGLISH[m[1]]}", line)
    if not line.isascii() or "DLL load failed" in line:
        line = _PHRASE.sub(lambda m: _PHRASES[m[0].rstrip(".。")], line)
    return line
