// Attaches tengen through Sabaki's own GTP controller library
// (@sabaki/gtp), as Sabaki does: the hand-shake, a 9x9 position, then
// `kata-analyze B 10 ownership true`, read line by line through the
// library's subscriber; another command stops the analysis, and `quit`
// ends the engine. Exits non-zero on any failure.
//
// Usage: node kata-analyze.js [PATH_TO_TENGEN]
// (default: the TENGEN environment variable, else ../../target/debug/tengen)

'use strict'

const fs = require('fs')
const path = require('path')
const {Controller} = require('@sabaki/gtp')

const BOARD = 9
const INFO_LINES = 3
const DEADLINE_MS = 60000

const binary =
  process.argv[2] ||
  process.env.TENGEN ||
  path.join(__dirname, '..', '..', 'target', 'debug', 'tengen')

function fail(message) {
  console.error(`sabaki kata-analyze test: FAIL: ${message}`)
  process.exit(1)
}

function check(condition, message) {
  if (!condition) fail(message)
}

// A vertex of a 9x9 board (no I), or pass.
function isMove(text) {
  return /^(pass|[A-HJ][1-9])$/i.test(text)
}

function number(text, what) {
  let x = Number(text)
  check(text !== undefined && Number.isFinite(x), `${what} is not a number: ${text}`)
  return x
}

// Reads one kata-analyze line as a host does: `info` blocks of key-value
// pairs (`pv` takes the moves up to the next key), then `ownership` and
// one value per point. Returns the blocks and the ownership.
function parseLine(line) {
  let words = line.trim().split(/\s+/)
  let infos = []
  let ownership = null
  for (let i = 0; i < words.length; ) {
    let w = words[i++]
    if (w === 'info') {
      infos.push({pv: []})
    } else if (w === 'ownership') {
      ownership = words.slice(i).map(v => number(v, 'an ownership value'))
      break
    } else if (w === 'pv') {
      check(infos.length > 0, `pv outside an info block: ${line}`)
      while (i < words.length && isMove(words[i])) infos[infos.length - 1].pv.push(words[i++])
    } else {
      check(infos.length > 0, `${w} outside an info block: ${line}`)
      check(i < words.length, `${w} has no value: ${line}`)
      infos[infos.length - 1][w] = words[i++]
    }
  }
  return {infos, ownership}
}

function checkLine(line) {
  let {infos, ownership} = parseLine(line)
  check(infos.length > 0, `no info block: ${line}`)
  infos.forEach((info, order) => {
    check(isMove(info.move), `bad move ${info.move}`)
    let visits = number(info.visits, 'visits')
    check(Number.isInteger(visits) && visits > 0, `bad visits ${info.visits}`)
    for (let key of ['winrate', 'prior', 'lcb']) {
      let x = number(info[key], key)
      check(x >= 0 && x <= 1, `${key} ${x} outside [0, 1]`)
    }
    number(info.scoreLead, 'scoreLead')
    number(info.scoreMean, 'scoreMean')
    check(Number(info.order) === order, `order ${info.order}, expected ${order}`)
    check(info.pv[0] === info.move, `the pv does not start with ${info.move}`)
  })
  check(ownership !== null, `no ownership: ${line}`)
  check(
    ownership.length === BOARD * BOARD,
    `${ownership.length} ownership values, expected ${BOARD * BOARD}`
  )
  check(
    ownership.every(v => v >= -1 && v <= 1),
    'an ownership value outside [-1, 1]'
  )
  return infos.length
}

async function main() {
  check(fs.existsSync(binary), `no engine at ${binary} (build it with cargo build)`)
  let deadline = setTimeout(() => fail(`no result after ${DEADLINE_MS} ms`), DEADLINE_MS)
  let engine = new Controller(binary, ['--quiet', '--threads', '1', '--seed', '1'])
  let stopped = new Promise(resolve => engine.once('stopped', resolve))
  engine.start()

  let send = async (name, ...args) => {
    let response = await engine.sendCommand({name, args})
    check(!response.error, `${name} ${args.join(' ')}: ? ${response.content}`)
    return response.content
  }

  // Sabaki's hand-shake, then it picks kata-analyze when listed.
  check((await send('name')) === 'tengen', 'name')
  check((await send('protocol_version')) === '2', 'protocol_version')
  await send('version')
  let commands = (await send('list_commands')).split('\n')
  check(commands.includes('kata-analyze'), 'kata-analyze is not listed')
  await send('komi', '7')
  await send('boardsize', String(BOARD))
  await send('clear_board')
  for (let [color, vertex] of [['B', 'E5'], ['W', 'C3'], ['B', 'G7'], ['W', 'G3']]) {
    await send('play', color, vertex)
  }

  // The analysis streams until another command arrives.
  let lines = 0
  let stopSent = null
  let analysis = engine.sendCommand(
    {name: 'kata-analyze', args: ['B', '10', 'ownership', 'true']},
    ({line}) => {
      if (!line.startsWith('info ')) return
      checkLine(line)
      lines += 1
      if (lines === INFO_LINES && stopSent === null) {
        stopSent = engine.sendCommand({name: 'protocol_version'})
      }
    }
  )
  let response = await analysis
  check(!response.error, `kata-analyze: ? ${response.content}`)
  check(lines >= INFO_LINES, `only ${lines} analysis lines`)
  check(stopSent !== null, 'the analysis ended before it was stopped')
  let after = await stopSent
  check(!after.error && after.content === '2', 'the command after the analysis')

  // Still in step: the position is as played.
  check((await send('is_legal', 'W', 'E5')) === '0', 'E5 is taken')
  check((await send('is_legal', 'B', 'D4')) === '1', 'D4 is free')

  await engine.stop()
  let {signal} = await stopped
  clearTimeout(deadline)
  check(signal === 0, `tengen exited with ${signal}`)
  console.log(`sabaki kata-analyze test: ok (${lines} analysis lines read through @sabaki/gtp)`)
}

// The library's streams report a dead engine as 'error' events.
process.on('uncaughtException', err => fail(err && err.stack ? err.stack : String(err)))
main().catch(err => fail(err && err.stack ? err.stack : String(err)))
