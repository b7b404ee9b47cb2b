/**
 * One writer per language, each a fixed template: values enter only through that language's string
 * literal (code-literals.ts) and credentials only as a read of one of the three SNIPPET_ENV names. Every
 * snippet is a complete program (imports, class, entry point) that runs as pasted, and fails with the
 * variable's name when a credential is not set rather than sending an empty one.
 */
import { csharpString, javaString, jsString, phpString, pythonString, shellWord } from './code-literals';
import type { HeaderValue, SnippetEnvName, SnippetRequest } from './snippet-request';

export type SnippetLanguage = 'curl' | 'node' | 'python' | 'php' | 'java' | 'csharp';

/** A header value as an expression: its literal text, joined to the credential read when it has one. */
function valueExpression(
  value: HeaderValue,
  literal: (text: string) => string,
  read: (env: SnippetEnvName) => string,
  join: string,
): string {
  if (!value.env) return literal(value.text);
  return value.text ? `${literal(value.text)}${join}${read(value.env)}` : read(value.env);
}

const usesEnv = (request: SnippetRequest) => request.headers.some((header) => header.value.env);

/** Heredoc delimiters to choose from; their first letters differ, so a body rarely rules out them all. */
const CURL_BODY_DELIMITERS = ['GATEWAY_BODY', 'REQUEST_BODY', 'JSON_BODY', 'END_OF_BODY', 'PAYLOAD'];
/** Control, C1 and bidirectional-override characters: a body holding any is sent from base64, not shown. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSHOWABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/**
 * Whether `delimiter` ends a heredoc holding `body` exactly where it should, in every common shell: no
 * line starts with it, and no line starts with part of it followed by a non-ASCII character (dash, the
 * sh of Debian and Ubuntu, drops that character's first byte).
 */
function delimits(delimiter: string, body: string): boolean {
  return body.split('\n').every((line) => {
    let shared = 0;
    while (shared < line.length && shared < delimiter.length && line[shared] === delimiter[shared]) shared++;
    if (shared === delimiter.length) return false;
    return shared === 0 || shared === line.length || line.charCodeAt(shared) < 0x80;
  });
}

const base64Lines = (body: string): string[] => {
  let binary = '';
  for (const byte of new TextEncoder().encode(body)) binary += String.fromCharCode(byte);
  return btoa(binary).match(/.{1,76}/g) ?? [];
};

/**
 * cURL (POSIX sh). The body never meets the shell's parser: it sits in a quoted heredoc (`<<'DELIM'`),
 * where nothing expands, and not inside `$(…)`, which some shells (bash 3.2, macOS's sh) scan wrongly.
 * Shown as text when it is printable, does not end with a newline and one of the delimiters fits it:
 * awk passes it on without the newline the heredoc adds. Otherwise it is written as base64, which
 * `base64 -d` turns back into bytes.
 */
function curl(request: SnippetRequest): string {
  const command = [`curl -sS --globoff -X ${request.method} ${shellWord(request.url)}`];
  for (const { name, value } of request.headers)
    command.push(`-H ${shellWord(`${name}: ${value.text}`)}${value.env ? `"$${value.env}"` : ''}`);
  const body = request.body;
  const lines = ['#!/bin/sh', 'set -eu'];
  if (body === null) return [...lines, command.join(' \\\n  ')].join('\n') + '\n';
  command.push('--data-binary @-');
  const curlCommand = command.join(' \\\n  ');
  const delimiter = CURL_BODY_DELIMITERS.find((candidate) => delimits(candidate, body));
  if (delimiter && !UNSHOWABLE.test(body) && !body.endsWith('\n'))
    return (
      [
        ...lines,
        '# The body, byte for byte: awk drops the newline the heredoc adds after its last line.',
        `awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }' <<'${delimiter}' | ${curlCommand}`,
        body,
        delimiter,
      ].join('\n') + '\n'
    );
  // Base64 lines hold letters, digits, `+`, `/` and `=` only: no delimiter (with its `_`) is one of them.
  return (
    [...lines, `base64 -d <<'GATEWAY_BODY' | ${curlCommand}`, ...base64Lines(body), 'GATEWAY_BODY'].join('\n') + '\n'
  );
}

/** Node 18+ (global fetch); CommonJS or ES module alike. Headers as pairs, so no name is an object key. */
function node(request: SnippetRequest): string {
  const read = (env: SnippetEnvName) => `requireEnv(${jsString(env)})`;
  const lines: string[] = [];
  if (usesEnv(request))
    lines.push(
      'function requireEnv(name) {',
      '  const value = process.env[name];',
      "  if (!value) throw new Error(name + ' is not set');",
      '  return value;',
      '}',
      '',
    );
  lines.push(`fetch(${jsString(request.url)}, {`, `  method: ${jsString(request.method)},`, '  headers: [');
  for (const { name, value } of request.headers)
    lines.push(`    [${jsString(name)}, ${valueExpression(value, jsString, read, ' + ')}],`);
  lines.push('  ],');
  if (request.body !== null) lines.push(`  body: ${jsString(request.body)},`);
  lines.push(
    '})',
    '  .then(async (response) => console.log(response.status, await response.text()))',
    '  .catch((error) => {',
    '    console.error(error);',
    '    process.exitCode = 1;',
    '  });',
  );
  return lines.join('\n') + '\n';
}

/** Python 3 with requests. */
function python(request: SnippetRequest): string {
  const read = (env: SnippetEnvName) => `os.environ[${pythonString(env)}]`;
  const lines = usesEnv(request) ? ['import os', ''] : [];
  lines.push('import requests', '', 'headers = {');
  for (const { name, value } of request.headers)
    lines.push(`    ${pythonString(name)}: ${valueExpression(value, pythonString, read, ' + ')},`);
  lines.push('}');
  const body = request.body === null ? '' : `, data=${pythonString(request.body)}.encode("utf-8")`;
  lines.push(
    `response = requests.request(${pythonString(request.method)}, ${pythonString(request.url)}, headers=headers${body}, timeout=60)`,
    'print(response.status_code, response.text)',
  );
  return lines.join('\n') + '\n';
}

/** PHP 7.4+ with no extension or package: the http stream wrapper. */
function php(request: SnippetRequest): string {
  const read = (env: SnippetEnvName) => `requireEnv(${phpString(env)})`;
  const lines = ['<?php', ''];
  if (usesEnv(request))
    lines.push(
      'function requireEnv(string $name): string',
      '{',
      '    $value = getenv($name);',
      "    if ($value === false || $value === '') {",
      "        throw new RuntimeException($name . ' is not set');",
      '    }',
      '    return $value;',
      '}',
      '',
    );
  lines.push('$headers = [');
  for (const { name, value } of request.headers)
    lines.push(`    ${valueExpression({ ...value, text: `${name}: ${value.text}` }, phpString, read, ' . ')},`);
  lines.push('];', '$http = [');
  lines.push(`    'method' => ${phpString(request.method)},`, '    \'header\' => implode("\\r\\n", $headers),');
  if (request.body !== null) lines.push(`    'content' => ${phpString(request.body)},`);
  lines.push(
    "    'ignore_errors' => true,",
    '];',
    `$answer = file_get_contents(${phpString(request.url)}, false, stream_context_create(['http' => $http]));`,
    'if ($answer === false) {',
    '    fwrite(STDERR, "The request failed\\n");',
    '    exit(1);',
    '}',
    'echo $http_response_header[0] ?? \'\', "\\n", $answer, "\\n";',
  );
  return lines.join('\n') + '\n';
}

/**
 * A Java string expression for text of any length: javac refuses a constant over 65535 bytes, and joins
 * `"a" + "b"` into one constant, so a long text is joined at run time from literals of a safe size
 * (8000 units, at most 6 bytes each once escaped).
 */
function javaText(text: string): string {
  const JAVA_CHUNK = 8000;
  if (text.length <= JAVA_CHUNK) return javaString(text);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += JAVA_CHUNK) chunks.push(javaString(text.slice(i, i + JAVA_CHUNK)));
  return `String.join("",\n                ${chunks.join(',\n                ')})`;
}

/** Java 11+ (java.net.http). A class that is not public, so any file name compiles; `java File.java` runs it. */
function java(request: SnippetRequest): string {
  const read = (env: SnippetEnvName) => `requireEnv(${javaString(env)})`;
  const publisher =
    request.body === null
      ? 'HttpRequest.BodyPublishers.noBody()'
      : `HttpRequest.BodyPublishers.ofString(${javaText(request.body)}, StandardCharsets.UTF_8)`;
  const lines = [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;',
    '',
    'class GatewayRequest {',
    '    public static void main(String[] args) throws Exception {',
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${javaString(request.url)}))`,
    `            .method(${javaString(request.method)}, ${publisher})`,
  ];
  for (const { name, value } of request.headers)
    lines.push(`            .header(${javaString(name)}, ${valueExpression(value, javaString, read, ' + ')})`);
  lines.push(
    '            .build();',
    '        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode() + " " + response.body());',
    '    }',
    '',
    '    private static String requireEnv(String name) {',
    '        String value = System.getenv(name);',
    '        if (value == null || value.isEmpty()) throw new IllegalStateException(name + " is not set");',
    '        return value;',
    '    }',
    '}',
  );
  return lines.join('\n') + '\n';
}

/** C# (.NET 6+, HttpClient): a console program with its usings and Main. */
function csharp(request: SnippetRequest): string {
  const read = (env: SnippetEnvName) => `RequireEnv(${csharpString(env)})`;
  const lines = [
    'using System;',
    'using System.Net.Http;',
    'using System.Text;',
    'using System.Threading.Tasks;',
    '',
    'class GatewayRequest',
    '{',
    '    static async Task Main()',
    '    {',
    '        using var client = new HttpClient();',
    `        using var request = new HttpRequestMessage(new HttpMethod(${csharpString(request.method)}), ${csharpString(request.url)});`,
  ];
  if (request.body !== null)
    lines.push(
      `        request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(${csharpString(request.body)}));`,
    );
  for (const { name, value } of request.headers)
    lines.push(
      `        AddHeader(request, ${csharpString(name)}, ${valueExpression(value, csharpString, read, ' + ')});`,
    );
  lines.push(
    '        using var response = await client.SendAsync(request);',
    '        Console.WriteLine((int)response.StatusCode + " " + await response.Content.ReadAsStringAsync());',
    '    }',
    '',
    '    // Content-Type and the other content headers belong to the body, the rest to the request.',
    '    static void AddHeader(HttpRequestMessage request, string name, string value)',
    '    {',
    '        if (!request.Headers.TryAddWithoutValidation(name, value))',
    '            request.Content?.Headers.TryAddWithoutValidation(name, value);',
    '    }',
    '',
    '    static string RequireEnv(string name)',
    '    {',
    '        var value = Environment.GetEnvironmentVariable(name);',
    '        if (string.IsNullOrEmpty(value)) throw new InvalidOperationException(name + " is not set");',
    '        return value;',
    '    }',
    '}',
  );
  return lines.join('\n') + '\n';
}

export const SNIPPET_WRITERS: ReadonlyArray<{
  language: SnippetLanguage;
  label: string;
  write: (request: SnippetRequest) => string;
}> = [
  { language: 'curl', label: 'cURL', write: curl },
  { language: 'node', label: 'Node (fetch)', write: node },
  { language: 'python', label: 'Python (requests)', write: python },
  { language: 'php', label: 'PHP (streams)', write: php },
  { language: 'java', label: 'Java (HttpClient)', write: java },
  { language: 'csharp', label: 'C# (HttpClient)', write: csharp },
];
