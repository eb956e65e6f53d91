/**
 * /impulsionar/{adId} (ADR 037): the owner of a public ad buys days of boost ('Impulsionar') by PIX or card,
 * JavaScript on or off. The loader and action are shared with /prolongar/{adId} (web/add-on-route.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddOnPageView } from "~/components/payment/AddOnPageView";
import { addOnAction, addOnLoader } from "~/web/add-on-route.server";

export const meta: MetaFunction = () => [{ title: "Impulsionar anúncio | Classificados Patos" }, { name: "robots", content: "noindex" }];

export const loader = (args: LoaderFunctionArgs) => addOnLoader("boost", args);
export const action = (args: ActionFunctionArgs) => addOnAction("boost", args);

export default function BoostPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AddOnPageView {...loaded} actionData={actionData} />;
}
