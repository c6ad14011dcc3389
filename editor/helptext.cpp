#include "mainwindow.h"

namespace goap::editor {

// Help > Getting Started: the model in the designer's words, with the town
// (scenarios/town.json) as the running example. Only characters the
// common fonts have (DejaVu): the marks of world and agent facts are the
// outline's icons, not emoji that render as empty boxes.
QString MainWindow::gettingStartedHtml()
{
    return tr(R"(<h2>Getting started</h2>
<p>GOAP Studio lets each character <i>plan its own way</i> to what it wants. Nothing in a
scenario says when or in what order anyone acts: order, waiting and contention come out of
the search. Open <b>File &gt; New from Template &gt; Town</b> to follow along.</p>

<h3>Facts</h3>
<p>A fact is a named whole number. <b><img src=":/icons/world.svg" width=14 height=14> world</b> facts are shared by everyone
(<code>world.bread</code>, <code>world.tools</code>); <b><img src=":/icons/agent.svg" width=14 height=14> agent</b> facts belong to each
character (<code>agent.flour</code> in the baker's arms). A fact nobody has set reads 0.</p>

<h3>Actions</h3>
<p>An action has a station (where it is done), a duration, a cost, <b>needs</b>
(<code>fact &gt;= min</code>) and <b>effects</b> (<code>set</code> a value or <code>add</code>
to it; a negative add spends). In the town, <i>bakeBread</i> at the oven needs
<code>agent.flour &gt;= 1</code> and <code>world.planks &gt;= 1</code>, spends both and adds two
loaves to <code>world.bread</code>.</p>

<h3>Goals: needs and quotas</h3>
<p>A <b>need</b> grows more pressing all the time and is spent when satisfied: every
townsperson holds <i>Hunger</i> (<code>agent.fed &gt;= 1</code>); eating satisfies it, the
meal is used up and hunger starts climbing again. A <b>quota</b> is a day's work: the miner's
<i>Mine ore</i> wants <code>agent.oreMined &gt;= 3</code>. It is quiet at dawn, grows louder as
the day burns, and falls silent once met. Phrase quotas against a tally such as
<code>agent.oreMined</code>, not against a pool others drain (<code>world.ore</code>), or the miner
mines for ever; the Issues panel warns about it.</p>

<h3>Insistence</h3>
<p>How much a character wants a goal right now, from 0 to 1. A need starts at its
<i>start</i> and climbs by its <i>rate</i> each second (the six townspeople get hungry at
different rates, 0.014 to 0.024 a second). A quota's insistence is
<i>urgency</i> &times; how much of the day has passed &times; how far it is from met.</p>

<h3>The ballot</h3>
<p>Whenever a character is free (idle, after an action, while waiting) it plans for every
goal not yet met, drops the goals it has no plan for, and scores each of the rest as
insistence &minus; 0.02 &times; the plan's cost. The best wins, but it must beat the goal
being pursued by more than 0.15 to take over, so characters do not dither. The event log says
why: <i>Hunger (0.72) overtook Smelt iron (0.51)</i>.</p>

<h3>Waiting</h3>
<p>Plans are made on what a character saw; by the time it arrives someone may have taken the
last ingot. On the first moment of acting it checks the needs again; if they fail it drops the
plan and plans again. When no goal has any plan it <b>waits</b> (<i>No viable plan &mdash;
waiting on the world to change</i>) and looks again each second: at dawn the blacksmith waits
until the smelter's first ingot exists, and the farmer and the carpenter wait for the first
tool.</p>

<h3>Running it</h3>
<p>Press <b>Play</b> (Run menu). Characters move on the map; the Inspector shows the selected
character's plan and ballot, the Event Log what happened and why, the Charts each goal's
insistence over the day. Edits made during a run apply on <b>Restart</b>. Errors in the Issues
panel stop a scenario from running; warnings point at patterns worth a look. Click one to go to
the item it is about.</p>)");
}

} // namespace goap::editor
