#include "factform.h"

#include "model/factname.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <limits>

namespace goap::editor {

FactForm::FactForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Fact"), parent)
{
    nameEdit = new QLineEdit(this);
    addRow(tr("&Name"), nameEdit,
           tr("The fact with its scope prefix. Renaming it updates every action, goal, seed and "
              "character that names it, in one undoable step."));
    scopeLabel = new QLabel(this);
    addRow(tr("Scope"), scopeLabel,
           tr("🌐 world facts are shared by every character; 🎒 agent facts belong to each character."));
    seededBox = new QCheckBox(tr("seeded at dawn"), this);
    addRow(tr("&World seed"), seededBox,
           tr("Whether the world pool starts each day with a value for this fact (otherwise it reads 0)."));
    seedBox = makeInt(0, std::numeric_limits<int>::max(), tr("pools never go negative"));
    addRow(tr("Seed &value"), seedBox,
           tr("The value the world pool returns to at every dawn (e.g. two loaves of starter stock)."));
    usageLabel = new QLabel(this);
    usageLabel->setWordWrap(true);
    usageLabel->setTextFormat(Qt::RichText);
    addRow(tr("Used by"), usageLabel,
           tr("Which actions read, spend, add or set this fact, which goals name it, and who seeds it."));

    connect(nameEdit, &QLineEdit::editingFinished, this, [this] {
        const QString to = nameEdit->text().trimmed();
        if (to == m_fact)
            return;
        if (report(m_document->submit(edits::renameFact(m_document->scenario(), m_fact, to)))) {
            m_fact = to;
            emit renamed(to);
            refresh();
        }
    });
    connect(seededBox, &QCheckBox::toggled, this, [this](bool on) {
        const Scenario &s = m_document->scenario();
        report(m_document->submit(on ? edits::setWorldSeed(s, bareName(m_fact), seedBox->value())
                                     : edits::removeWorldSeed(s, bareName(m_fact))));
    });
    connect(seedBox, &QSpinBox::valueChanged, this, [this](int v) {
        report(m_document->submit(edits::setWorldSeed(m_document->scenario(), bareName(m_fact), v)));
    });
    connect(document, &ScenarioDocument::changed, this, [this] { refresh(); });
}

void FactForm::setFact(const QString &fact)
{
    if (fact != m_fact)
        showProblem({}); // a refusal is about the fact it was shown for
    m_fact = fact;
    refresh();
}

void FactForm::refresh()
{
    if (m_fact.isEmpty())
        return;
    const bool world = m_fact.startsWith(u"world.");
    const QSignalBlocker b1(nameEdit), b2(seededBox), b3(seedBox);
    setTitle(tr("Fact: %1").arg(m_fact));
    nameEdit->setText(m_fact);
    scopeLabel->setText(
        QStringLiteral("<img src=\"%1\" width=16 height=16> %2")
            .arg(world ? QStringLiteral(":/icons/world.svg") : QStringLiteral(":/icons/agent.svg"),
                 world ? tr("world: shared by every character") : tr("agent: each character has its own")));
    const QString bare = bareName(m_fact);
    const auto &seeds = m_document->scenario().world;
    const auto seed = std::find_if(seeds.begin(), seeds.end(), [&](const FactValue &f) { return f.name == bare; });
    seededBox->setEnabled(world);
    seededBox->setChecked(world && seed != seeds.end());
    seedBox->setEnabled(world && seed != seeds.end());
    seedBox->setValue(seed != seeds.end() ? seed->value : 0);

    const FactUsage u = factUsage(m_document->scenario(), m_fact);
    QStringList lines;
    auto line = [&](const QString &what, const QStringList &ids) {
        if (!ids.isEmpty())
            lines << QStringLiteral("<b>%1</b>: %2").arg(what, ids.join(QStringLiteral(", ")).toHtmlEscaped());
    };
    line(tr("read by"), u.readBy);
    line(tr("spent by"), u.spentBy);
    line(tr("added by"), u.addedBy);
    line(tr("set by"), u.setBy);
    line(tr("goals"), u.goals);
    line(tr("initial value from"), u.seededBy);
    usageLabel->setText(lines.isEmpty() ? tr("nothing") : lines.join(QStringLiteral("<br>")));
}

} // namespace goap::editor
