import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Comment,
  CommentList,
  CommentQuery,
  CommentThreadList,
  commentLimits,
  PostCommentInput,
  StaffReplyInput,
  ThreadQuery,
} from '../../../shared/comments';
import { Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { listComments } from './list-comments';
import { postComment } from './post-comment';
import { getCommentThread, listCommentThreads, replyToThread } from './staff-comments';

const shareParams = z.object({ org: Slug });
const tags = ['comments'];
const oneMinuteMs = 60_000;

/** Comments on items: members' own threads on the portal, and the staff console's threads. */
export const commentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  app.get(
    '/api/statuspage/share/:org/comments',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: "The signed-in member's account thread with staff on an item",
        params: shareParams,
        querystring: CommentQuery,
        response: { 200: CommentList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listComments({ ctx: verbContext(deps, request), input: request.query });
    },
  );

  app.post(
    '/api/statuspage/share/:org/comments',
    {
      config: {
        viewer: 'portal',
        rateLimit: {
          max: commentLimits.postsPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `comments:${request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Posts a comment (plain text) on an item; staff are notified by e-mail',
        params: shareParams,
        body: PostCommentInput,
        response: { 201: Comment },
      },
    },
    async (request, reply) => {
      const comment = await postComment({ ctx: verbContext(deps, request), input: request.body });
      return reply.status(201).send(comment);
    },
  );

  staff.get(
    '/api/comments/threads',
    {
      summary: 'Comment threads by item and account',
      response: { 200: CommentThreadList },
    },
    async (ctx) => listCommentThreads({ ctx }),
  );

  staff.get(
    '/api/comments/thread',
    {
      summary: "One account's thread on an item",
      querystring: ThreadQuery,
      response: { 200: CommentList },
    },
    async (ctx, request) => getCommentThread({ ctx, input: request.query }),
  );

  staff.post(
    '/api/comments/thread',
    {
      summary: "Answers an account's thread; its members are notified by e-mail",
      body: StaffReplyInput,
      response: { 201: Comment },
    },
    (ctx, request) => replyToThread({ ctx, input: request.body }),
  );
};
