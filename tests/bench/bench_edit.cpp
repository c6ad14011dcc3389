// Editing benchmark (a measuring program, not a test): the town replicated to
// CHARACTERS people is opened in the real main window (offscreen) and one
// character's label is typed into its form, key by key, as a designer would;
// then EDITS separate label edits are made (each its own undo step).
//   bench_edit CHARACTERS EDITS
// Prints the time per keystroke (the form, the document, the outline, the map
// and the issues panel all answering it), the time until the debounced
// validation has run, and the memory the undo steps keep.
#include "docks/outline.h"
#include "document/scenariodocument.h"
#include "forms/characterform.h"
#include "mainwindow.h"
#include "scenarios.h"
#include "synthetic.h"
#include "testutil.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>

#include <cstdio>
#include <malloc.h>

using namespace goap;
using namespace goap::editor;

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int characters = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int edits = argc > 2 ? std::atoi(argv[2]) : 50;
    const Scenario town = goap::testing::loadShipped("town.json");
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QElapsedTimer t;
    t.start();
    w.document()->reset(goap::testing::replicatedTown(town, characters), {});
    QApplication::processEvents();
    std::printf("characters %d, open %.0f ms\n", characters, double(t.nsecsElapsed()) / 1e6);

    const int agent = characters / 2;
    w.outline()->select(ItemRef {EntityKind::Character, agent});
    QApplication::processEvents();
    QLineEdit *label = w.characterForm()->labelEdit;
    label->setFocus();
    label->selectAll();
    // Typed twice: the first edit of a document also marks it modified
    // (title, Save, Revert, the History's first row); the second is an edit
    // like any other.
    const QString typed[] = {QStringLiteral("Baker of the east"), QStringLiteral("Baker of the west")};
    for (int round = 0; round < 2; ++round) {
        label->selectAll();
        t.restart();
        double worst = 0;
        for (QChar c : typed[round]) {
            QElapsedTimer k;
            k.start();
            QTest::keyClick(label, c.toLatin1());
            QApplication::processEvents(); // everything the keystroke triggers now
            worst = std::max(worst, double(k.nsecsElapsed()) / 1e6);
        }
        const double perKey = double(t.nsecsElapsed()) / 1e6 / typed[round].size();
        t.restart();
        QTest::keyClick(label, Qt::Key_Return); // the edit
        const double commitInDocument = double(t.nsecsElapsed()) / 1e6;
        QApplication::processEvents();
        const double commit = double(t.nsecsElapsed()) / 1e6;
        t.restart();
        QTest::qWait(150); // the debounced validation, if any
        std::printf("%s label typed: %.1f ms per keystroke (worst %.1f ms); Return (the edit): %.1f ms (%.2f ms "
                    "before painting); then %.0f ms of waiting for validation\n",
                    round == 0 ? "first" : "second", perKey, worst, commit, commitInDocument,
                    double(t.nsecsElapsed()) / 1e6);
        if (w.scenario().agents[agent].label != typed[round])
            std::printf("!! the label is %s\n", qPrintable(w.scenario().agents[agent].label));
    }
    std::printf("undo steps after typing: %d\n", w.document()->undoStack()->count());

    const long before = goap::testing::procStatusKiB("VmRSS");
    const size_t heapBefore = mallinfo2().uordblks; // bytes in use on the heap: what the steps keep
    t.restart();
    double inDocument = 0; // the edit and every view's answer to its signals, before any painting
    for (int i = 0; i < edits; ++i) {
        Agent a = w.scenario().agents[(agent + i) % characters];
        a.label = QStringLiteral("Edited %1").arg(i);
        QElapsedTimer e;
        e.start();
        // Another character each time, so no two steps merge: one step each.
        w.document()->submit(edits::setEntity(w.document()->scenario(), EntityKind::Character, (agent + i) % characters,
                                              a, Field::Label));
        inDocument += double(e.nsecsElapsed()) / 1e6;
        QApplication::processEvents();
    }
    const double perEdit = double(t.nsecsElapsed()) / 1e6 / edits;
    QTest::qWait(150);
    const long after = goap::testing::procStatusKiB("VmRSS");
    const double heapPerStep = (double(mallinfo2().uordblks) - double(heapBefore)) / edits;
    std::printf("%d separate label edits: %.1f ms each (%.2f ms in the document and the views' answers, the rest "
                "painting); heap kept %.0f bytes per undo step (RSS %ld -> %ld KiB)\n",
                edits, perEdit, inDocument / edits, heapPerStep, before, after);
    t.restart();
    double undoInDocument = 0;
    for (int i = 0; i < edits; ++i) {
        QElapsedTimer e;
        e.start();
        w.document()->undoStack()->undo();
        undoInDocument += double(e.nsecsElapsed()) / 1e6;
        QApplication::processEvents();
    }
    std::printf("undo: %.1f ms a step (%.2f ms in the document and the views' answers)\n",
                double(t.nsecsElapsed()) / 1e6 / edits, undoInDocument / edits);
    // What the steps themselves keep, exactly: the heap they give back when
    // the stack lets them go (undone, they still hold both values). clear()
    // deletes them there and then; what the events it posts free afterwards
    // (about 53 KB in some runs, none in others) is the views', not theirs.
    QTest::qWait(150);
    const size_t heapWithSteps = mallinfo2().uordblks;
    w.document()->undoStack()->clear();
    const size_t heapCleared = mallinfo2().uordblks;
    QApplication::processEvents();
    std::printf("the undo steps kept %.0f bytes each (freed by the stack's clear(); %.0f with what its events "
                "freed after)\n",
                (double(heapWithSteps) - double(heapCleared)) / edits,
                (double(heapWithSteps) - double(mallinfo2().uordblks)) / edits);
    return 0;
}
