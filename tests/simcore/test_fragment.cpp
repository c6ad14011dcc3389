// Issue #29: copy, paste and prefabs (model/fragment.h). A fragment is cut out
// of a scenario with what it refers to and pasted into any scenario as one
// edit: ids made unique, references renamed, nothing on top of what is there
// or inside a wall. Links simcore only.

#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "model/fragment.h"
#include "model/queries.h"
#include "randomedits.h"
#include "scenarios.h"
#include "testutil.h"

#include <QDir>
#include <QtTest>

using namespace goap;

namespace {

using goap::testing::errorsOf;
using goap::testing::loadShipped;

QStringList shippedScenarios()
{
    return QDir(goap::testing::kSource + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.json")});
}

QList<EntityRef> everything(const Scenario &s)
{
    QList<EntityRef> out;
    for (EntityKind kind : kEntityKinds)
        for (int i = 0; i < countOf(s, kind); ++i)
            out << EntityRef {kind, i};
    return out;
}

// Applies a paste; fails the test when it was refused.
edits::Edit applyPaste(Scenario &s, const PasteResult &r)
{
    if (r.result.refused())
        qFatal("refused: %s", qPrintable(r.result.error));
    return edits::apply(s, *r.result.edit);
}

} // namespace

class TestFragment : public QObject
{
    Q_OBJECT

private slots:
    // An action pulls in its station and the world seeds it reads; a
    // character its actions, their stations and its goals.
    void closure()
    {
        const Scenario town = loadShipped(QStringLiteral("town.json"));
        const Fragment a = fragmentOf(town, {findEntity(town, EntityKind::Action, u"bakeBread")});
        QCOMPARE(idsOf(a.content.actions), QStringList {QStringLiteral("bakeBread")});
        QCOMPARE(idsOf(a.content.stations), town.action(u"bakeBread")->stations());
        QVERIFY(a.content.goals.isEmpty());
        QVERIFY(a.isRoot(EntityKind::Action, QStringLiteral("bakeBread")));
        QVERIFY(!a.isRoot(EntityKind::Station, a.content.stations.first().id));

        const Fragment miner = fragmentOf(town, {findEntity(town, EntityKind::Character, u"miner")});
        QCOMPARE(idsOf(miner.content.agents), QStringList {QStringLiteral("miner")});
        QCOMPARE(idsOf(miner.content.actions), town.agent(u"miner")->actions);
        QCOMPARE(miner.content.goals.size(), town.agent(u"miner")->goals.size());
        for (const Action &act : miner.content.actions)
            for (const QString &st : act.stations())
                QVERIFY2(miner.content.station(st), qPrintable(st));
        QCOMPARE(summaryOf(miner),
                 QStringLiteral("%1 stations, 3 actions, 2 goals, 1 character").arg(miner.content.stations.size()));
    }

    // Into the same scenario: the root is new ("bakeBread2"), what came along
    // (its station) is the same and reused; undo gives the file back byte for byte.
    void pasteIntoItselfReusesWhatIsThere()
    {
        Scenario town = loadShipped(QStringLiteral("town.json"));
        const QByteArray before = writeScenario(town);
        const Fragment f = fragmentOf(town, {findEntity(town, EntityKind::Action, u"bakeBread")});
        const PasteResult r = pasteEdit(town, f);
        QCOMPARE(r.reused, 1);
        QCOMPARE(r.created.size(), 1);
        const edits::Edit undo = applyPaste(town, r);
        QCOMPARE(town.stations.size(), loadShipped(QStringLiteral("town.json")).stations.size());
        const Action *copy = town.action(u"bakeBread2");
        QVERIFY(copy);
        QCOMPARE(copy->station, town.action(u"bakeBread")->station);
        QCOMPARE(r.created.first(), findEntity(town, EntityKind::Action, u"bakeBread2"));
        QCOMPARE(r.result.edit->about, QStringLiteral("1 action"));
        QVERIFY(errorsOf(town).isEmpty());
        edits::apply(town, undo);
        QCOMPARE(writeScenario(town), before);
    }

    // A character pasted into itself: the character is new and off its
    // original's spot; its actions and goals are the ones already there.
    void pastedCharacterStandsBeside()
    {
        Scenario town = loadShipped(QStringLiteral("town.json"));
        const Agent miner = *town.agent(u"miner");
        applyPaste(town, pasteEdit(town, fragmentOf(town, {findEntity(town, EntityKind::Character, u"miner")})));
        const Agent *copy = town.agent(u"miner2");
        QVERIFY(copy);
        QCOMPARE(copy->actions, miner.actions);
        QVERIFY(!(copy->at == miner.at));
        QVERIFY(insideWallError(town.map, copy->at).isEmpty());
        QCOMPARE(town.actions.size(), loadShipped(QStringLiteral("town.json")).actions.size());
    }

    // A prefab (every entity a root) inserted twice: two of everything, and
    // the second's references follow its own new ids, world.free.<station> too.
    void prefabTwiceRenamesReferences()
    {
        Scenario s = goap::testing::parseScenario(R"({"format": "goap-scenario", "version": 1, "name": "shop",
            "map": {"width": 10, "height": 6},
            "stations": [{"id": "shop", "label": "Shop", "at": [2, 2], "capacity": 1}],
            "actions": [{"id": "buy", "label": "Buy", "station": "shop", "duration": 2, "cost": 1,
                         "pre": {"world.free.shop": 1, "world.stock": 1}, "add": {"world.stock": -1, "agent.goods": 1}},
                        {"id": "sell", "label": "Sell", "station": "shop", "duration": 2, "cost": 1,
                         "pre": {"agent.goods": 1}, "add": {"world.stock": 1, "agent.goods": -1}}],
            "world": {"stock": 3}})");
        const Fragment prefab = allRoots(fragmentOf(s, {{EntityKind::Action, 0}, {EntityKind::Action, 1}}));
        QCOMPARE(summaryOf(prefab), QStringLiteral("1 station, 2 actions"));
        Scenario target = goap::testing::parseScenario(
            R"({"format": "goap-scenario", "version": 1, "name": "empty", "map": {"width": 10, "height": 6}})");
        applyPaste(target, pasteEdit(target, prefab));
        QCOMPARE(idsOf(target.stations), QStringList {QStringLiteral("shop")});
        QCOMPARE(target.world, s.world); // the seed came along
        applyPaste(target, pasteEdit(target, prefab));
        QCOMPARE(idsOf(target.stations), (QStringList {QStringLiteral("shop"), QStringLiteral("shop2")}));
        QCOMPARE(idsOf(target.actions),
                 (QStringList {QStringLiteral("buy"), QStringLiteral("sell"), QStringLiteral("buy2"),
                               QStringLiteral("sell2")}));
        const Action *buy2 = target.action(u"buy2");
        QCOMPARE(buy2->station, QStringLiteral("shop2"));
        QVERIFY(std::any_of(buy2->pre.begin(), buy2->pre.end(),
                            [](const Condition &c) { return c.fact == u"world.free.shop2"; }));
        QCOMPARE(target.action(u"sell2")->station, QStringLiteral("shop2"));
        QVERIFY(!(target.stations[1].at == target.stations[0].at)); // not on top of the first
        QVERIFY(errorsOf(target).isEmpty());
    }

    // A station whose spot is a wall in the target goes to the nearest free cell.
    void neverInsideAWall()
    {
        Scenario s = goap::testing::parseScenario(R"({"format": "goap-scenario", "version": 1, "name": "a",
            "map": {"width": 10, "height": 6}, "stations": [{"id": "well", "label": "Well", "at": [3, 3]}]})");
        Scenario walled = goap::testing::parseScenario(R"({"format": "goap-scenario", "version": 2, "name": "b",
            "map": {"width": 10, "height": 6, "walls": [[2, 2, 3, 3]]}})");
        applyPaste(walled, pasteEdit(walled, fragmentOf(s, {{EntityKind::Station, 0}})));
        QCOMPARE(walled.stations.size(), 1);
        QVERIFY(insideWallError(walled.map, walled.stations[0].at).isEmpty());
        QVERIFY(errorsOf(walled).isEmpty());
    }

    // The clipboard's bytes read back to the same fragment.
    void writeReadRoundTrip()
    {
        const Scenario town = loadShipped(QStringLiteral("town.json"));
        const Fragment f = fragmentOf(town, {findEntity(town, EntityKind::Character, u"miner")});
        const FragmentRead back = readFragment(writeFragment(f));
        QVERIFY2(back.fragment, qPrintable(back.error));
        QCOMPARE(back.fragment->content, f.content);
        QCOMPARE(back.fragment->roots, f.roots);
    }

    // Whatever the clipboard holds, reading it never crashes and says why not.
    void hostileBytesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("why");
        QTest::newRow("text") << QByteArray("hello") << "not JSON";
        QTest::newRow("truncated") << QByteArray("{\"format\": \"goap-fragment\", \"version\": 1, \"scen")
                                   << "not JSON";
        QTest::newRow("array") << QByteArray("[1, 2]") << "no copied";
        QTest::newRow("scenario") << QByteArray(R"({"format": "goap-scenario"})") << "no copied";
        QTest::newRow("version") << QByteArray(R"({"format": "goap-fragment", "version": 9})") << "version";
        // Ids with quotes, markup, spaces and a NUL: not raw strings, which moc misreads with backslashes.
        QTest::newRow("weird id") << QByteArray("{\"format\": \"goap-fragment\", \"version\": 1, \"scenario\": "
                                                "{\"format\": \"goap-scenario\", \"version\": 1, \"name\": \"x\", "
                                                "\"stations\": [{\"id\": \"a b\\\"<>\\u0000\", \"at\": [1, 1]}]}}")
                                  << "not valid";
        QTest::newRow("dangling") << QByteArray(R"({"format": "goap-fragment", "version": 1, "scenario":
            {"format": "goap-scenario", "version": 1, "name": "x",
             "actions": [{"id": "a", "station": "nowhere", "duration": 1}]}})")
                                  << "not valid";
        QTest::newRow("deep") << QByteArray(100000, '[') << "not JSON";
        QTest::newRow("huge") << QByteArray(kMaxScenarioFileSize + 1, ' ') << "too large";
    }
    void hostileBytesAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, why);
        const FragmentRead r = readFragment(bytes);
        QVERIFY(!r.fragment);
        QVERIFY2(r.error.contains(why), qPrintable(r.error));
    }

    // Every entity of each shipped scenario pasted into each other one (and
    // into itself): the result validates, and undo restores the bytes.
    void everyShippedIntoEveryShipped()
    {
        for (const QString &from : shippedScenarios()) {
            const Scenario source = loadShipped(from);
            const FragmentRead copied = readFragment(writeFragment(fragmentOf(source, everything(source))));
            QVERIFY2(copied.fragment, qPrintable(from + QStringLiteral(": ") + copied.error));
            for (const QString &into : shippedScenarios()) {
                Scenario target = loadShipped(into);
                const QByteArray before = writeScenario(target);
                const PasteResult r = pasteEdit(target, *copied.fragment);
                QVERIFY2(!r.result.refused(),
                         qPrintable(QStringLiteral("%1 into %2: %3").arg(from, into, r.result.error)));
                const edits::Edit undo = applyPaste(target, r);
                const QStringList errors = errorsOf(target);
                QVERIFY2(errors.isEmpty(),
                         qPrintable(QStringLiteral("%1 into %2: %3").arg(from, into, errors.join(u'\n'))));
                QVERIFY(target.stations.size() >= source.stations.size());
                edits::apply(target, undo);
                QCOMPARE(writeScenario(target), before);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestFragment)
#include "test_fragment.moc"
